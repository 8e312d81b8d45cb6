// The few calls the app's shell makes on every page (session check, site notice, page view, login, logout),
// without openapi-fetch, so the first page does not carry it (its bundle budget). The same contract as
// client.ts: paths and bodies typed by the generated `paths`, same-origin with the cookie, `_=<Date.now()>` on
// GETs, and an answer shaped like openapi-fetch's ({ data } on success, { error } otherwise) for unwrap().
import { bustCache } from './cache-buster';
import { throughSessionGate } from './session-gate';
import type { paths } from './schema';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type SuccessOf<Op> = Op extends { responses: { 200: infer R } } ? Json<R> : undefined;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type BodyOf<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } } ? B : undefined;
type Operation<P extends keyof paths, M extends 'get' | 'post'> = NonNullable<paths[P][M]>;
type PathWith<M extends 'get' | 'post'> = {
  [P in keyof paths]: paths[P][M] extends { responses: object } ? P : never;
}[keyof paths];

type PostInit<B> = (B extends undefined ? { body?: undefined } : { body: B }) & { ungated?: boolean };

export type LightResult<Op> = { data?: SuccessOf<Op>; error?: unknown; response: Response };

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text; // e.g. a proxy's error page: unwrap() falls back to its own message
  }
}

async function send(method: 'GET' | 'POST', path: string, body?: unknown, gated = true, query: Record<string, string> = {}) {
  // Absolute, so that a Request can be built outside a browser too (jsdom in the component tests).
  const url = new URL(path, globalThis.location.origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (method === 'GET') bustCache(url);
  const request = new Request(url, {
    method,
    credentials: 'include',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  // Looked up on each call, not captured once, so whatever `fetch` the page has at call time is used.
  const fetchIt = () => globalThis.fetch(request);
  const response = await (gated ? throughSessionGate(fetchIt) : fetchIt());
  const answer = await readBody(response);
  return response.ok ? { data: answer, response } : { error: answer, response };
}

export const lightApi = {
  GET: <P extends PathWith<'get'>>(path: P, init?: { query?: QueryOf<Operation<P, 'get'>> }) =>
    send('GET', path, undefined, true, init?.query as Record<string, string> | undefined) as Promise<LightResult<Operation<P, 'get'>>>,
  /** `ungated`: only for the session's renewal, which runs alone (session-gate.ts). */
  POST: <P extends PathWith<'post'>>(path: P, init?: PostInit<BodyOf<Operation<P, 'post'>>>) =>
    send('POST', path, init?.body, !init?.ungated) as Promise<LightResult<Operation<P, 'post'>>>,
};
