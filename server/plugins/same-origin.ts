// Refuses state-changing requests that a browser sends on behalf of another site (CSRF): a
// `Sec-Fetch-Site: cross-site`, or an Origin (else Referer) that is neither this host nor PUBLIC_URL.
// Every unsafe method is checked, whatever the path: the router reads `/%61pi/…` as `/api/…`, so a guard
// that looked at the path as sent would let another spelling of an API route through. A route may say
// `config: { crossSite: 'allowed' }` — read from the route the router matched, so no spelling of another path
// gets it: only the newsletter's RFC 8058 one-click unsubscribe does, which mail providers POST from anywhere and
// which a signed token, not a cookie, authorises (decision 0019).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const CROSS_SITE_MESSAGE = 'Solicitud rechazada: solo se aceptan envíos desde este mismo sitio.';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route takes writes from other sites (it reads no cookie: what it may do comes with the request). */
    crossSite?: 'allowed';
  }
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return 'invalid';
  }
}

export function isCrossSite(request: FastifyRequest, publicHost: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  const claimed = origin && origin !== 'null' ? originOf(origin) : origin === 'null' ? 'null' : originOf(request.headers.referer);
  if (claimed === undefined) return false; // not a browser form or fetch (curl, server-to-server)
  // URL parsing drops a default port from the Origin; drop it from the Host header too.
  const host = (request.headers.host ?? '').toLowerCase().replace(/:(80|443)$/, '');
  return claimed !== host && claimed !== publicHost;
}

export default fp(
  async function sameOrigin(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
    const publicHost = new URL(publicUrl).host.toLowerCase();
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE.has(request.method) || request.routeOptions.config?.crossSite === 'allowed') return;
      if (isCrossSite(request, publicHost)) {
        return reply.status(403).send({ success: false, message: CROSS_SITE_MESSAGE, data: null });
      }
    });
  },
  { name: 'same-origin' },
);
