// Kept apart from client.ts so code that only checks errors (the query retry policy) or reads an answer (the
// app's shell, see light-client.ts) does not pull in openapi-fetch.
/** An API answer that was not a success: the server's Spanish message and the HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** Every API answer is wrapped in this envelope. */
export type Envelope = { success: boolean; message?: string; data?: unknown };

type EnvelopeData<E> = E extends { data?: infer D } ? D : undefined;

const DEFAULT_ERROR_MESSAGE = 'Ocurrió un error al procesar tu solicitud.';

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * Turns an openapi-fetch (or light-client) result into the envelope's `data`, or throws an ApiError with the server's
 * message (or `fallbackMessage` when there is none, e.g. a proxy error page) and the HTTP status.
 */
export function unwrap<E extends Envelope>(
  result: { data?: E; error?: unknown; response: Response },
  fallbackMessage = DEFAULT_ERROR_MESSAGE,
): EnvelopeData<E> {
  const { data, error, response } = result;
  if (!response.ok || data === undefined || data.success !== true) {
    throw new ApiError(messageOf(error ?? data) ?? fallbackMessage, response.status);
  }
  return data.data as EnvelopeData<E>;
}
