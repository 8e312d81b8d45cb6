// A stand-in for the server in component tests: global fetch answers from a table of routes, in the API's
// { success, message, data } envelope. Nothing reaches the network.
import { vi } from 'vitest';
import type { User } from '../api/account-types';

type Answer = Response | Promise<Response>;
type Handler = (request: Request) => Answer;

/** 'METHOD /api/path' (no query) → a Response, or a function of the Request that makes one. */
export type ApiRoutes = Record<string, Response | Handler>;

/** An answer in the envelope; `success` follows the status unless given. */
export function envelope(status: number, message: string, data: unknown = null, success: boolean = status >= 200 && status < 300): Response {
  return Response.json({ success, message, data }, { status });
}

export const noSession = () => envelope(401, 'Tu sesión ha expirado. Por favor, inicia sesión de nuevo.');

/** The page-view beacon public pages send (POST /api/leads/view), answered as the server does. */
export const VIEW_ROUTE = { 'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }) };

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '6f1c2b9e-5a4d-4c3b-9e8f-1a2b3c4d5e6f',
    username: 'lucia.sol',
    email: 'lucia@example.com',
    profileImage: null,
    roles: [],
    ...overrides,
  };
}

/** A promise of a Response that the test settles when it wants (to see in-between states). */
export function deferred() {
  let resolve!: (response: Response) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Response>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Stubs global fetch with `routes`. Returns the requests seen, with their bodies already read. A call to a
 * route not in the table answers 501, is recorded in `unexpected`, and so fails a test that checks it.
 * Undo with vi.unstubAllGlobals() (afterEach).
 */
export function stubApi(routes: ApiRoutes) {
  const calls: { method: string; path: string; url: URL; body: unknown }[] = [];
  const unexpected: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    const key = `${request.method} ${url.pathname}`;
    // A multipart upload is kept as its text; every other body is JSON.
    const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data');
    calls.push({ method: request.method, path: url.pathname, url, body: text ? (multipart ? text : JSON.parse(text)) : undefined });
    const route = routes[key];
    if (!route) {
      unexpected.push(key);
      return envelope(501, `No hay respuesta preparada para ${key}`);
    }
    return typeof route === 'function' ? route(request) : route.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    unexpected,
    fetch: fetchMock,
    /** The requests to one route, e.g. callsTo('POST /api/auth/login'). */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
