// The API's shared shapes: the { success, message, data } envelope and Spanish validation messages.
import { z } from 'zod';

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

export const MESSAGES = {
  invalid: 'Los datos enviados no son válidos.',
  notFound: 'Ruta no encontrada.',
  internal: 'Ocurrió un error inesperado. Por favor, intenta de nuevo en unos minutos.',
  unavailable: 'El servicio no está disponible en este momento. Por favor, intenta de nuevo en unos minutos.',
  tooLarge: 'La solicitud es demasiado grande.',
  badJson: 'El cuerpo de la solicitud no es un JSON válido.',
  unsupportedMedia: 'Tipo de contenido no admitido: envía JSON.',
  tooManyRequests: 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
} as const;

/** A validation issue as fastify-type-provider-zod reports it: zod's code as keyword, its fields as params. */
interface IssueLike {
  keyword?: string;
  message?: string;
  instancePath?: string;
  params?: { keys?: unknown };
}

/**
 * One Spanish sentence for a validation failure. Our schemas carry full Spanish sentences (ending in a
 * period) where the spec gives a text; zod's generic Spanish messages get the field's name in front.
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
