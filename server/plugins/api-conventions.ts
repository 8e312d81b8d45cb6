// Conventions of every response: no caching of /api, a request id header, cache-busting GET params
// ignored, and one log line per request with query values masked.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whether a request reached a route of the API (its documentation pages aside). Decided on the route the
 * router matched, never on the URL as sent: the router reads `/%61pi/…` as `/api/…`, and the URL as sent
 * would not say so. A request that matched no route gets its headers from the not-found handler.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && route.startsWith('/api/') && !route.startsWith('/api/docs');
}

/** Keeps a URL's path and parameter names for the log; values may be secrets (tokens) or personal. */
export function maskQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, q)}?${names.join('&')}`;
}

/** Query parameters browsers append to GETs to defeat caches; they carry no meaning. */
const CACHE_BUSTERS = ['_', 't', 'ts', 'timestamp'];

export default fp(
  async function apiConventions(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      if (request.method !== 'GET' || !isApiRoute(request)) return;
      const query = request.query as Record<string, unknown> | undefined;
      if (query) for (const key of CACHE_BUSTERS) delete query[key];
    });
    app.addHook('onResponse', async (request, reply) => {
      const level = reply.statusCode >= 500 ? 'error' : 'info';
      request.log[level](
        {
          req: { method: request.method, url: maskQuery(request.url), ip: request.ip },
          res: { statusCode: reply.statusCode },
          ms: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
      if (isApiRoute(request)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'api-conventions' },
);
