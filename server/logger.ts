// The process's structured logger (pino).
import { pino, type Logger } from 'pino';

/** Structured logs; cookies and credentials never reach them. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["idempotency-key"]', 'res.headers["set-cookie"]'],
  });
}
