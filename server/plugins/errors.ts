// The one error handler: typed domain errors and validation failures become the Spanish error envelope;
// 5xx details stay in the log, never in the response.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../../events/errors';
import { ConcurrencyError } from '../../events/store/event-store';
import { MESSAGES, validationMessage } from '../http';

/**
 * Marks a 409 that only says "another write to your stream got in first": nothing was written, and the
 * same request sent again will be decided on the new state. The client retries these, and no other 409.
 */
export const CONFLICT_HEADER = 'x-conflict';
export const CONCURRENCY_CONFLICT = 'concurrency';

// Errors of node-postgres that mean "the database is not reachable right now".
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '53300']);

function isUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message ?? '');
}

const fail = (message: string) => ({ success: false as const, message, data: null });

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        return reply.status(400).send(fail(validationMessage(err.validation)));
      }
      if (err instanceof DomainError) {
        if (err instanceof ConcurrencyError) reply.header(CONFLICT_HEADER, CONCURRENCY_CONFLICT);
        if (err.status >= 500) request.log.error({ err }, 'domain error');
        return reply.status(err.status).send(fail(err.message));
      }
      switch (err.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply.status(400).send(fail(MESSAGES.badJson));
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply.status(413).send(fail(MESSAGES.tooLarge));
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return reply.status(415).send(fail(MESSAGES.unsupportedMedia));
      }
      if (err.statusCode === 429) return reply.status(429).send(fail(MESSAGES.tooManyRequests));
      if (isUnavailable(err)) {
        request.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
        return reply.status(503).header('Retry-After', '5').send(fail(MESSAGES.unavailable));
      }
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return reply.status(err.statusCode).send(fail(MESSAGES.invalid));
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send(fail(MESSAGES.internal));
    });
  },
  { name: 'errors' },
);
