// Typed fetch client for the API. `paths` is generated from openapi.yaml (npm run openapi); never edit schema.d.ts.
import createClient, { type ClientOptions, type Middleware } from 'openapi-fetch';
import { bustCache } from './cache-buster';
import { throughSessionGate } from './session-gate';
import type { paths } from './schema';

export { ApiError, unwrap, type Envelope } from './errors';

/** Appends `_=<Date.now()>` to every GET so no browser or proxy cache answers in the server's place. */
export const cacheBuster = {
  onRequest({ request }) {
    if (request.method !== 'GET') return undefined;
    return new Request(bustCache(new URL(request.url)), request);
  },
} satisfies Middleware;

type Fetch = (request: Request) => Promise<Response>;

/**
 * The server's mark on a 409 that means "another save to your data got in first; nothing was written"
 * (server/plugins/errors.ts). Sending the same request again is safe and is decided on the new state.
 * Other 409s (a payment already used) will not change: never retried; nor is a 422 (a key already used for other data).
 */
export const CONFLICT_HEADER = 'x-conflict';
export const CONCURRENCY_CONFLICT = 'concurrency';
/** Retries after the first attempt: with the backoff below, at most about 1.5 s of waiting in all. */
export const CONFLICT_RETRIES = 5;

const isConcurrencyConflict = (response: Response) => response.status === 409 && response.headers.get(CONFLICT_HEADER) === CONCURRENCY_CONFLICT;

/** 25, 50, 100, 200, 400 ms, each plus up to as much again at random so racing tabs spread out. */
export const conflictDelayMs = (attempt: number) => 25 * 2 ** attempt * (1 + Math.random());

/**
 * Sends a write again (same body, same headers, so the same Idempotency-Key) when the server answers
 * with a concurrency conflict, up to `retries` times; then the last 409 goes to the caller as usual.
 */
export function retryingConflicts(fetchFn: Fetch, { retries = CONFLICT_RETRIES, delayMs = conflictDelayMs } = {}): Fetch {
  return async (first) => {
    if (first.method === 'GET' || first.method === 'HEAD') return fetchFn(first);
    let request = first;
    for (let attempt = 0; ; attempt++) {
      // The body can be read once: keep a copy before sending in case this attempt must be repeated.
      const spare = attempt < retries ? request.clone() : undefined;
      const response = await fetchFn(request);
      if (!spare || !isConcurrencyConflict(response)) return response;
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, delayMs(attempt)));
      request = spare;
    }
  };
}

/** A key for Idempotency-Key. crypto.randomUUID needs a secure context; plain http on a LAN has none. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Every write carries an Idempotency-Key (the caller's, or a fresh one), fixed before any retry: the
 * server derives the ids of the events a request writes from it, so sending it twice writes once.
 */
export function withIdempotencyKeys(fetchFn: Fetch): Fetch {
  return (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.headers.has('idempotency-key')) return fetchFn(request);
    const keyed = new Request(request);
    keyed.headers.set('Idempotency-Key', newIdempotencyKey());
    return fetchFn(keyed);
  };
}

/**
 * Same-origin, cookie session: every call sends credentials; every write has an Idempotency-Key, and is
 * sent again (same key) when the server reports a concurrency conflict. A write whose answer is lost is
 * not repeated automatically: the page says it failed, and the server would apply a repeat only once.
 */
export function createApiClient(options: ClientOptions = {}) {
  const given = options.fetch;
  const send: Fetch = given ? (request) => given(request) : (request) => globalThis.fetch(request);
  // Each attempt waits while the session is being renewed, so it carries a cookie the server still accepts.
  const fetchFn: Fetch = (request) => throughSessionGate(() => send(request));
  const client = createClient<paths>({
    baseUrl: '',
    credentials: 'include',
    ...options,
    fetch: withIdempotencyKeys(retryingConflicts(fetchFn)),
  });
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
