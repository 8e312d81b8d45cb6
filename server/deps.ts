// What buildApp and the feature routes are given: the configuration they read and the services they use. A
// module of its own, importing no feature, so that routes can name their dependencies without importing app.ts.
import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventStore } from '../events/store/event-store';
import type { Jobs } from '../jobs/boss';
import type { Config } from './config';
import type { Metrics } from './metrics';

export type AppConfig = Pick<
  Config,
  | 'publicUrl'
  | 'LOG_LEVEL'
  | 'SERVE_CLIENT'
  | 'NODE_ENV'
  | 'cookieSecure'
  | 'SESSION_IDLE_HOURS'
  | 'SESSION_MAX_DAYS'
  | 'RATE_LIMIT_PER_IP'
  | 'RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT'
  | 'RATE_LIMIT_LOGIN_FAILURES_PER_IP'
  | 'RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT'
  | 'RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS'
  | 'LEAD_RATE_LIMIT_PER_IP'
  | 'MAIL_PER_ADDRESS_PER_HOUR'
  | 'RATE_LIMIT_WRITES_PER_USER'
  | 'RATE_LIMIT_WRITES_BURST'
  | 'RATE_LIMIT_WRITES_PER_USER_PER_DAY'
  | 'TRUST_PROXY'
  | 'MERCADOPAGO_API_URL'
  | 'MERCADOPAGO_ACCESS_TOKEN'
  | 'MERCADOPAGO_WEBHOOK_SECRET'
  | 'PAYMENT_TIMEOUT_MS'
  | 'SITE_NOTICE_TEXT'
  | 'SITE_NOTICE_LINK'
  | 'GEMINI_API_KEY'
  | 'PROJECTION_LAG_DEGRADED_SECONDS'
  | 'METRICS_TOKEN'
>;

export interface AppDeps {
  config: AppConfig;
  pool: pg.Pool;
  store: EventStore;
  jobs: Pick<Jobs, 'health' | 'send' | 'getJob' | 'enqueue' | 'depths'>;
  /** The runtime's metrics: /metrics shows them beside the app's own, and the app counts its AI fallbacks there. */
  metrics: Metrics;
  /** Where the built SPA lives (default dist/client). */
  clientDir?: string;
  logger?: Logger;
  /** The clock of the write limits (milliseconds, like Date.now). */
  now?: () => number;
}
