// Per-user limits on writes. Every POST, PUT, PATCH or DELETE route without a limit of its own (a route's
// `config.rateLimit`, @fastify/rate-limit: login, signup, leads, payments, AI questions) draws one write from its
// author's budget — the signed-in user's, else the client address's — before its body is even parsed; past the
// budget it answers 429 in Spanish with Retry-After, and nothing runs, so nothing is written. The routes get
// the hook as they are declared (onRoute), so a route added later cannot forget it.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

export interface WriteLimits {
  /** Writes a minute, sustained: the short bucket refills at this rate. */
  perMinute: number;
  /** Writes at once: the short bucket's size. */
  burst: number;
  /** Writes a day: the day bucket's size, refilled evenly over 24 hours. */
  perDay: number;
}

/** Why a write was refused: how long until one more fits (whole seconds, at least 1), and which bucket is empty. */
export interface Refusal {
  retryAfterSeconds: number;
  daily: boolean;
}

interface Bucket {
  tokens: number;
  at: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Two token buckets per key: a short one (`burst` writes at once, refilled at `perMinute`) for pace, and a day
 * one (`perDay`, refilled over a day) for volume. A write takes a token from both or from neither: a refused
 * write costs nothing, so a script that keeps knocking still gets exactly the sustained rate, never more. The
 * map keeps its keys in order of last write; past `maxKeys` the oldest goes (it starts again with full buckets).
 */
export function createWriteBudgets(limits: WriteLimits, { now = Date.now, maxKeys = 100_000 }: { now?: () => number; maxKeys?: number } = {}) {
  const shortRate = limits.perMinute / MINUTE_MS;
  const dayRate = limits.perDay / DAY_MS;
  const entries = new Map<string, { short: Bucket; day: Bucket }>();
  const refill = (bucket: Bucket | undefined, size: number, rate: number, t: number): Bucket =>
    bucket ? { tokens: Math.min(size, bucket.tokens + Math.max(0, t - bucket.at) * rate), at: t } : { tokens: size, at: t };
  // Refills add fractions of a token at every write: 20 × 0.05 may come to 0.999…, which is one token.
  const has = (bucket: Bucket) => bucket.tokens >= 1 - 1e-9;
  const wait = (bucket: Bucket, rate: number) => (has(bucket) ? 0 : (1 - bucket.tokens) / rate);

  return {
    /** Takes one write from `key`'s budget: undefined when it was there, else the refusal. */
    take(key: string): Refusal | undefined {
      const t = now();
      const known = entries.get(key);
      const short = refill(known?.short, limits.burst, shortRate, t);
      const day = refill(known?.day, limits.perDay, dayRate, t);
      if (!has(short) || !has(day)) {
        const shortWait = wait(short, shortRate);
        const dayWait = wait(day, dayRate);
        return { retryAfterSeconds: Math.max(1, Math.ceil(Math.max(shortWait, dayWait) / 1000)), daily: dayWait > shortWait };
      }
      entries.delete(key);
      entries.set(key, { short: { tokens: short.tokens - 1, at: t }, day: { tokens: day.tokens - 1, at: t } });
      if (entries.size > maxKeys) entries.delete(entries.keys().next().value!);
      return undefined;
    },
    /** How many keys are remembered (for tests of the memory bound). */
    get size() {
      return entries.size;
    },
  };
}

/** A wait in words: '1 segundo', '40 segundos', '3 minutos', '5 horas' (rounded up). */
export function waitInWords(seconds: number): string {
  const [n, one, many] =
    seconds < 60
      ? [seconds, 'segundo', 'segundos']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minuto', 'minutos']
        : [Math.ceil(seconds / 3600), 'hora', 'horas'];
  return `${n} ${n === 1 ? one : many}`;
}

export function tooManyWritesMessage({ retryAfterSeconds, daily }: Refusal): string {
  const wait = waitInWords(retryAfterSeconds);
  return daily
    ? `Por hoy llegaste al máximo de cambios que puede guardar una cuenta. Podrás seguir guardando en ${wait}.`
    : `Estás guardando muy rápido. Espera ${wait} y vuelve a intentarlo.`;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(
  async function writeLimits(app: FastifyInstance, { limits, now }: { limits: WriteLimits; now?: () => number }) {
    const budgets = createWriteBudgets(limits, { now });
    const draw: onRequestAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await request.currentUser();
      const refusal = budgets.take(user ? `user:${user.id}` : `address:${request.ip}`);
      if (!refusal) return;
      return reply
        .status(429)
        .header('retry-after', String(refusal.retryAfterSeconds))
        .send({ success: false, message: tooManyWritesMessage(refusal), data: null });
    };
    app.addHook('onRoute', (route) => {
      if (![route.method].flat().some((method) => UNSAFE.has(method))) return;
      // A route with a limit of its own (false included: a route that says it must not be limited) keeps it.
      if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== undefined) return;
      // After the application's own onRequest hooks (cookies, the same-origin guard): a refused cross-site
      // request costs nobody's budget.
      route.onRequest = [...[route.onRequest ?? []].flat(), draw];
    });
  },
  { name: 'write-limits', dependencies: ['auth'] },
);
