// The API's shared shapes: the { success, message, data } envelope and Spanish validation messages.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { InvalidError } from '../events/errors';

// Zod's own messages in Spanish for every schema without a custom message.
z.config(z.locales.es());

export const ErrorEnvelope = z
  .object({ success: z.literal(false), message: z.string(), data: z.null() })
  .meta({ id: 'ErrorEnvelope', description: 'Respuesta de error: el mensaje está en español y se puede mostrar.' });

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/** The common error responses of every route, for the OpenAPI document. */
export const errorResponses = {
  400: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
  503: ErrorEnvelope,
} as const;

/** Besides those, for a write made under an Idempotency-Key: 422 when another request already used the key. */
export const keyedWriteErrors = { 422: ErrorEnvelope } as const;

export const MESSAGES = {
  invalid: 'Los datos enviados no son válidos.',
  notFound: 'Ruta no encontrada.',
  internal: 'Ocurrió un error inesperado. Por favor, intenta de nuevo en unos minutos.',
  unavailable: 'El servicio no está disponible en este momento. Por favor, intenta de nuevo en unos minutos.',
  tooLarge: 'La solicitud es demasiado grande.',
  badJson: 'El cuerpo de la solicitud no es un JSON válido.',
  unsupportedMedia: 'Tipo de contenido no admitido: envía JSON.',
  tooManyRequests: 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
  nul: 'Los datos enviados contienen un carácter no permitido (el carácter nulo).',
  badUnicode: 'Los datos enviados contienen caracteres no válidos.',
  tooDeep: 'Los datos enviados tienen demasiados niveles anidados.',
  badUrl: 'La dirección solicitada no es válida.',
  urlTooLong: 'La dirección solicitada es demasiado larga.',
} as const;

const fail = (message: string) => ({ success: false as const, message, data: null });

/** Deeper than any body the API accepts (its schemas go five levels down), far below what recursion can take. */
export const MAX_INPUT_DEPTH = 32;

/**
 * What makes a parsed input unsafe to hand on, whatever the route's schema: a string (or key) holding U+0000,
 * which PostgreSQL's text and jsonb cannot store; or nesting deeper than MAX_INPUT_DEPTH, which would overflow
 * the stack of anything that recurses over it (JSON.stringify of an event's data, a digest). Iterative, so the
 * check itself cannot overflow.
 */
/** In Unicode mode a pair is one code point: only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

export function inputProblem(value: unknown): 'nul' | 'unicode' | 'deep' | undefined {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length) {
    const [v, depth] = pending.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'nul';
      // A lone surrogate (half of a UTF-16 pair) is not text: jsonb refuses its escape.
      if (LONE_SURROGATE.test(v)) return 'unicode';
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return 'deep';
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return 'nul';
        if (LONE_SURROGATE.test(key)) return 'unicode';
        pending.push([item, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses, before validation and for every route, a NUL character or an absurdly deep value in a request's
 * body, query or path: no schema has to remember it, and such input is a 400, never a 500 after the fact.
 */
export const refuseUnsafeInput = fp(
  async function refuseUnsafeInput(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const problem = inputProblem(request.body) ?? inputProblem(request.query) ?? inputProblem(request.params);
      if (problem) throw new InvalidError(problem === 'nul' ? MESSAGES.nul : problem === 'unicode' ? MESSAGES.badUnicode : MESSAGES.tooDeep);
    });
  },
  { name: 'refuse-unsafe-input' },
);

/**
 * Fastify's `frameworkErrors`: URLs the router refuses before any route, hook or error handler runs (a
 * malformed percent-encoding, a path parameter over the router's length limit) get the envelope too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // The app's onSend hooks do not run for these: their headers are set here.
  reply.header('x-request-id', request.id).header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return void reply.status(414).send(fail(MESSAGES.urlTooLong));
  if (error.code === 'FST_ERR_BAD_URL') return void reply.status(400).send(fail(MESSAGES.badUrl));
  request.log.error({ err: error }, 'router error');
  reply.status(500).send(fail(MESSAGES.internal));
}

/** A validation issue as fastify-type-provider-zod reports it: zod's code as keyword, its fields as params. */
interface IssueLike {
  keyword?: string;
  message?: string;
  instancePath?: string;
  params?: { keys?: unknown };
}

/**
 * One Spanish sentence for a validation failure. Our schemas carry full Spanish sentences (ending in a
 * period) where the product fixes a text; zod's generic Spanish messages get the field's name in front.
 */
export function validationMessage(issues: readonly IssueLike[]): string {
  const first = issues[0];
  if (!first) return MESSAGES.invalid;
  const keys = first.params?.keys;
  if (first.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length) {
    return `Campo${keys.length > 1 ? 's' : ''} no permitido${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}.`;
  }
  const message = first.message?.trim() ?? '';
  if (!message) return MESSAGES.invalid;
  if (message.endsWith('.')) return message;
  const field = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return field ? `Campo «${field}»: ${message}.` : `${message}.`;
}
