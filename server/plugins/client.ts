// Serves the built SPA (when given one): pre-compressed, hashed assets cached for a year, index.html for
// every client route; unknown /api paths get the JSON envelope.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../http';

export default fp(
  async function client(app: FastifyInstance, { root }: { root?: string }) {
    const hasBuild = root !== undefined && existsSync(path.join(root, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        // Files are looked up per request, so a rebuild while the server runs is served at once.
        wildcard: true,
        index: false,
        // The build writes .br and .gz next to every text asset (client/vite.config.ts): sent to
        // browsers that accept them, with Vary: Accept-Encoding; no compression work per request.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, file) {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const sendShell = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    // The root is a directory to the static handler (which refuses listing it): the SPA answers it.
    if (hasBuild) app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      const isAsset = request.url.startsWith('/assets/');
      if (isApi || isAsset || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send({ success: false, message: MESSAGES.notFound, data: null });
      }
      // Any other path is a route of the SPA; the client router shows its 404 page when unknown.
      return sendShell(reply);
    });
  },
  { name: 'client' },
);
