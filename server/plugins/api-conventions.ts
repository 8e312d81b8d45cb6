// Conventions of every /api response: no caching, a request id header, cache-busting GET params ignored.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Query parameters browsers append to GETs to defeat caches; they carry no meaning. */
const CACHE_BUSTERS = ['_', 't', 'ts', 'timestamp'];

export default fp(
  async function apiConventions(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      if (request.method !== 'GET' || !request.url.startsWith('/api/')) return;
      const query = request.query as Record<string, unknown> | undefined;
      if (query) for (const key of CACHE_BUSTERS) delete query[key];
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
      if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'api-conventions' },
);
