// Security headers on every response (@fastify/helmet): a Content-Security-Policy that the built SPA
// satisfies without any inline script, no framing by other sites, HSTS when the site is served over
// HTTPS. The API docs (Swagger UI) set their own, looser policy on their own routes.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VIDEO_FRAME_ORIGINS } from '../../course/video';

/** Where the SPA embeds players from (course/video.ts). */
export const FRAME_SOURCES = [...VIDEO_FRAME_ORIGINS];

export function contentSecurityPolicy({ https }: { https: boolean }): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    // A course video may live on a CDN (VITE_NIVELES_VIDEO_URL); media never runs code.
    'media-src': ["'self'", 'https:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': FRAME_SOURCES,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': https ? [] : null,
  };
}

export default fp(
  async function securityHeaders(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
    const https = publicUrl.startsWith('https:');
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy({ https }) },
      // Same-origin fetches keep their Referer (the same-origin check may use it); other sites get the origin only.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // The YouTube player is a cross-origin frame that does not send CORP headers.
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: 'deny' },
    });
  },
  { name: 'security-headers' },
);
