// Typed fetch client for the API. `paths` is generated from openapi.yaml (npm run openapi); never edit schema.d.ts.
import createClient, { type ClientOptions, type Middleware } from 'openapi-fetch';
import { ApiError } from './errors';
import type { paths } from './schema';

export { ApiError };

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
 * Turns an openapi-fetch result into the envelope's `data`, or throws an ApiError with the server's
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

/** Appends `_=<Date.now()>` to every GET so no browser or proxy cache answers in the server's place. */
export const cacheBuster = {
  onRequest({ request }) {
    if (request.method !== 'GET') return undefined;
    const url = new URL(request.url);
    url.searchParams.set('_', String(Date.now()));
    return new Request(url, request);
  },
} satisfies Middleware;

/** Same-origin, cookie session: every call sends credentials. */
export function createApiClient(options: ClientOptions = {}) {
  const client = createClient<paths>({ baseUrl: '', credentials: 'include', ...options });
  client.use(cacheBuster);
  return client;
}

export const api = createApiClient({
  // The page's own origin: same-origin calls, spelled absolute so that a Request can be built outside a
  // browser too (jsdom in the component tests has a location but no relative-URL Request).
  baseUrl: globalThis.location?.origin ?? '',
  // Looked up on each call, not captured once, so whatever `fetch` the page has at call time is used.
  fetch: (request) => globalThis.fetch(request),
});
