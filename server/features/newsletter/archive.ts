// The newsletter's public archive: the published letters, newest first, and each letter's page at its address
// (/newsletter/<series>/<slug>). Drafts are not there for anyone. Kept by browsers and proxies but asked again each
// time (a cheap 304 by ETag), so a letter the coach publishes or corrects shows on the next visit.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LETTER_MESSAGES as M, LETTER_SERIES } from '../../../course/newsletter';
import { NotFoundError } from '../../../events/errors';
import { lettersVersion, publishedLetter, publishedLetters } from '../../../events/newsletter/queries';
import type { AppDeps } from '../../deps';
import { envelope, ErrorEnvelope, errorResponses } from '../../http';
import { libraryImage, ResponsiveImage } from '../media/routes';
import { letterExcerpt, letterPageHtml } from './render';

const Series = z.enum(LETTER_SERIES);
const ArchiveEntry = z.object({
  title: z.string(),
  slug: z.string(),
  series: Series,
  publishedOn: z.string().describe('AAAA-MM-DD'),
  excerpt: z.string().describe('El comienzo de la carta en texto plano'),
});
const PublicLetter = z.object({
  title: z.string(),
  series: Series,
  slug: z.string(),
  publishedOn: z.string().describe('AAAA-MM-DD'),
  html: z.string().describe('El cuerpo de la carta en HTML saneado (sin título: la página lo pone)'),
  cover: ResponsiveImage.nullable().describe('Su portada lista para <picture> (decorativa: sin texto alternativo); null sin portada'),
});
const NotModified = z.null().describe('Sin cambios desde la versión que ya tienes (ETag)');

const archiveRoutes: FastifyPluginAsyncZod<Pick<AppDeps, 'pool' | 'config'>> = async (app, { pool, config }) => {
  // Public pages: as many views per client address as the lead pages allow.
  const rateLimit = { max: config.LEAD_RATE_LIMIT_PER_IP * 4, timeWindow: '1 minute' };

  /** Answers 304 when the browser has this version already; else sets the headers for the answer that follows. */
  const fresh = (request: { headers: Record<string, unknown> }, reply: { header(k: string, v: string): unknown }, etag: string) => {
    reply.header('cache-control', 'public, no-cache');
    reply.header('etag', etag);
    return request.headers['if-none-match'] === etag;
  };

  app.get(
    '/api/newsletter/letters',
    {
      config: { rateLimit },
      schema: {
        operationId: 'listLetters',
        tags: ['newsletter'],
        summary: 'Las cartas publicadas del newsletter, la más reciente primero',
        response: { 200: envelope(z.array(ArchiveEntry)), 304: NotModified, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (fresh(request, reply, `"letters-${await lettersVersion(pool)}"`)) return reply.code(304).send(null);
      const letters = await publishedLetters(pool);
      const data = letters.map(({ title, slug, series, publishedOn, markdown }) => ({
        title,
        slug,
        series,
        publishedOn: publishedOn!,
        excerpt: letterExcerpt(markdown, config.publicUrl),
      }));
      return { success: true as const, message: 'Cartas.', data };
    },
  );

  app.get(
    '/api/newsletter/letters/:series/:slug',
    {
      config: { rateLimit },
      schema: {
        operationId: 'getLetter',
        tags: ['newsletter'],
        summary: 'Una carta publicada, lista para su página',
        params: z.object({ series: z.string().max(40), slug: z.string().max(200) }),
        response: { 200: envelope(PublicLetter), 304: NotModified, ...errorResponses, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { series, slug } = request.params;
      const letter = await publishedLetter(pool, series, slug);
      if (!letter) throw new NotFoundError(M.notFound);
      if (fresh(request, reply, `"letter-${letter.id}-${letter.updatedAt}"`)) return reply.code(304).send(null);
      const { title, publishedOn, markdown } = letter;
      const cover = await libraryImage(pool, letter.cover);
      return {
        success: true as const,
        message: 'Carta.',
        data: { title, series: letter.series, slug: letter.slug, publishedOn: publishedOn!, html: letterPageHtml(markdown, config.publicUrl), cover },
      };
    },
  );
};

export default archiveRoutes;
