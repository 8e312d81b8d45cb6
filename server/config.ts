// Configuration is read once from the environment, validated with zod, and fails fast with a readable message.
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Manifiesta <hola@manifiesta.local>'),
  /**
   * Mails of one kind (lead welcome, verification, signup attempt) to one address in any hour, whoever asks:
   * a person needs one, perhaps two more if the first is slow; past that it is a loop or someone else's doing.
   */
  MAIL_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
  /**
   * Letters a minute to the subscribers, all worker processes together (decision 0020): 600 keeps a list of a few
   * thousand within minutes and under the hourly limits of common SMTP relays. Raise it to what your relay allows.
   */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Secure cookies: 'auto' = when PUBLIC_URL is https. */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Attempts per minute per client address (login, signup, resend), in each process's memory. */
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  /**
   * Failed logins, counted in PostgreSQL (server/features/accounts/throttle.ts): after this many failures of one
   * client (an address, or a browser the account knows) on one account, or of one address across accounts, the
   * next attempt waits 1 s, then 2 s, 4 s … up to RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS; past …_PER_ACCOUNT
   * consecutive failures of an account, a client waits after its first failure on it. None of them refuses the
   * right password from a client that has not been failing.
   */
  RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * Every other write (POST, PUT, PATCH, DELETE) per signed-in user (per client address for a guest): a sustained
   * rate per minute, a burst allowance on top, and a ceiling per day (429 with Retry-After beyond).
   */
  RATE_LIMIT_WRITES_PER_USER: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WRITES_BURST: z.coerce.number().int().min(1).default(40),
  RATE_LIMIT_WRITES_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(2_000),
  /** Lead forms per minute per client address (page views: four times as many). */
  LEAD_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /**
   * Whether to believe X-Forwarded-For (client address for rate limits and logs): 'false' when clients
   * reach the app directly; 'true' or the proxies' addresses (comma-separated) behind a reverse proxy.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  /** Server-side AI (deep-why questions). Without a key the fixed fallback questions answer. */
  GEMINI_API_KEY: z.string().trim().optional(),
  GEMINI_MODEL: z.string().min(1).default('gemini-2.5-flash'),
  GEMINI_BASE_URL: optionalUrl,
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** Mercado Pago: every payment is verified with its payments API before anything is granted. */
  MERCADOPAGO_API_URL: z.string().trim().pipe(z.url()).default('https://api.mercadopago.com'),
  MERCADOPAGO_ACCESS_TOKEN: z.string().trim().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().trim().optional(),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** An optional site-wide notice (a dismissible banner), and where it links (a path or an https URL). */
  SITE_NOTICE_TEXT: z.string().trim().max(280).optional(),
  SITE_NOTICE_LINK: z
    .string()
    .trim()
    .refine((v) => v === '' || v.startsWith('/') || v.startsWith('https://'), 'SITE_NOTICE_LINK must be a path or an https:// URL')
    .optional(),
  /**
   * Limits on our own database connections (pool and job queue), in milliseconds; 0 turns one off. A
   * transaction left idle past the first is ended: while it holds a transaction id, no async projection of the
   * database can move past it. A statement running past the second is cancelled (the job queue's connections
   * and migrations and rebuilds are exempt). /api/health says 'degraded' when an async projection's oldest
   * unprocessed event has waited longer than PROJECTION_LAG_DEGRADED_SECONDS.
   */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  PROJECTION_LAG_DEGRADED_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  /**
   * The bearer token Prometheus sends to GET /metrics (`Authorization: Bearer <token>`): a long random string, at
   * least 16 characters. Unset, /metrics does not exist (404).
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional())
    .optional(),
  /**
   * Where the worker process (`npm run worker`), which has no public port, serves GET /metrics when METRICS_TOKEN is
   * set: loopback by default (a Prometheus on the same host, or a sidecar); `0.0.0.0` lets one on another host scrape
   * it, the bearer token still required. Port 0 takes a free one (printed at start).
   */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  SERVE_CLIENT: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type Config = z.infer<typeof ConfigSchema> & {
  /** Absolute data directory (embedded database, mail outbox). */
  dataDir: string;
  /** Base URL used in links inside e-mails. */
  publicUrl: string;
  cookieSecure: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    cookieSecure: c.COOKIE_SECURE === 'auto' ? (c.PUBLIC_URL ?? '').startsWith('https:') : c.COOKIE_SECURE === 'true',
  };
}

/** The process's configuration; an invalid one prints its readable message and ends the process (exit code 2). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}
