// Typed fetch client for the API. `paths` is generated from openapi.yaml (npm run openapi); never edit schema.d.ts.
import createClient, { type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export { ApiError, unwrap, type Envelope } from './errors';

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
