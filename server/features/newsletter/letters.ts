// The coach's letters (role 9): write a draft, change it, publish it in the archive or take it out, see it rendered
// as the archive's page and as the mail before saving, and send it to herself as a test. Each letter is its own
// stream (letter-<uuid>); the desk reads the `letters` read model.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ATTRIBUTION_DAYS, LETTER_SOURCE } from '../../../course/campaigns';
import { LETTER_MESSAGES as M, letterPath } from '../../../course/newsletter';
import { ConflictError, InvalidError, NotFoundError } from '../../../events/errors';
import { decideLetter, letterFold, type LetterCommand, type LetterState } from '../../../events/newsletter/letters';
import { letterSendStats, sentSlugs } from '../../../events/letter-sends/queries';
import { campaignCounts } from '../../../events/analytics/queries';
import { Cover, LetterFields, letterStream } from '../../../events/newsletter/letters.events';
import { allLetters, letterAddressTaken, loadLetter, type StoredLetter } from '../../../events/newsletter/queries';
import { handleCommand } from '../../../events/store/command';
import type { Queryable } from '../../../events/store/types';
import { deterministicUuid, timeOrderedUuid } from '../../../events/store/ids';
import { EMAIL_SEND, type MailJob } from '../../../jobs/email/send-email';
import type { AppDeps } from '../../deps';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { createWriteBudgets, waitInWords } from '../../plugins/write-limits';
import { eventIdFor, keyedWrite } from '../../request';
import { requireCoach } from '../coach/routes';
import { checkLibraryImage, libraryImage, ResponsiveImage } from '../media/routes';
import { previewOptions } from './emails';
import { renderLetter } from './render';
import { LetterSendView } from './sends';

const coachErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope } as const;
const writeErrors = { ...coachErrors, 409: ErrorEnvelope, ...keyedWriteErrors } as const;

const CoverId = Cover.describe('El id de una imagen JPEG o PNG de tu biblioteca de medios, la portada de la carta; null: sin portada');
const LetterBody = z.strictObject({ ...LetterFields, cover: CoverId.optional() });
const LetterChanges = z.strictObject({
  title: LetterFields.title.optional(),
  slug: LetterFields.slug.optional(),
  series: LetterFields.series.optional(),
  markdown: LetterFields.markdown.optional(),
  cover: CoverId.optional(),
});
const Id = z.object({ id: z.uuid(M.notFound) });

const LetterStatus = z.enum(['draft', 'published']);
/** What every view of a letter says about it. */
const LetterHead = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  series: LetterFields.series,
  status: LetterStatus,
  publishedOn: z.string().nullable().describe('AAAA-MM-DD, o null mientras es un borrador'),
});
const LetterSummary = LetterHead.extend({ createdAt: z.string(), updatedAt: z.string() });
/** A letter as the desk shows it. Built by coachLetter alone, so what the desk learns about a letter is added there. */
export const CoachLetter = LetterHead.extend({
  markdown: z.string(),
  cover: z
    .object({ id: z.string(), image: ResponsiveImage.nullable().describe('null si el archivo ya no está en la biblioteca') })
    .nullable()
    .describe('Su portada, una imagen de tu biblioteca; null sin portada'),
  path: z.string().describe('Su dirección en el archivo (/newsletter/<serie>/<dirección>), visible cuando está publicada'),
  send: LetterSendView.nullable().describe('Su envío a las suscriptoras, con sus cuentas; null si nunca se envió'),
  attribution: z
    .object({
      visits: z.number().describe('Personas (navegadores) que abrieron una página del sitio desde un enlace de la carta'),
      purchases: z
        .number()
        .describe(
          `Compras pagadas de quienes llegaron desde la carta en los ${ATTRIBUTION_DAYS} días antes de comprar, si no llegaron después desde otro correo`,
        ),
    })
    .describe(
      'Lo que trajeron sus enlaces (utm_source=newsletter, utm_campaign=su dirección, y la de cada envío), con o sin envío: un enlace de la carta puede circular, también desde una prueba',
    ),
});
export type CoachLetter = z.infer<typeof CoachLetter>;

export async function coachLetter(db: Queryable, letter: StoredLetter): Promise<CoachLetter> {
  const { id, title, slug, series, markdown, status, publishedOn } = letter;
  const [cover, send, slugs] = await Promise.all([letter.cover ? libraryImage(db, letter.cover) : null, letterSendStats(db, id), sentSlugs(db, id)]);
  const attribution = await campaignCounts(db, LETTER_SOURCE, [...new Set([slug, ...slugs])]);
  return {
    id,
    title,
    slug,
    series,
    markdown,
    cover: letter.cover ? { id: letter.cover, image: cover } : null,
    status,
    publishedOn,
    path: letterPath(letter),
    send,
    attribution,
  };
}

/** The types of image a cover may be: it goes in the mail too, whose programs do not all show WebP or AVIF. */
const MAIL_IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

/** A cover must be a JPEG or PNG image of the library: anything else is refused in Spanish before anything is recorded. */
async function checkCover(db: Queryable, id: string | null | undefined): Promise<void> {
  const media = await checkLibraryImage(db, id, M.cover);
  if (media && !MAIL_IMAGE_TYPES.has(media.contentType)) throw new InvalidError(M.coverFormat);
}

/** The letter as a write left it (a retry answers with the state right after the first copy's events). */
function written(id: string, state: LetterState): StoredLetter {
  if (state.status === 'none') throw new NotFoundError(M.notFound);
  const { title, slug, series, markdown, cover, status, publishedOn } = state;
  return { id, title, slug, series, markdown, cover, status, publishedOn };
}

const Rendered = z.object({
  pageHtml: z.string().describe('El cuerpo de la página del archivo (HTML saneado)'),
  cover: ResponsiveImage.nullable().describe('La portada lista para <picture> (la página la muestra bajo el título); null sin portada'),
  mail: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
});

/** Today in UTC, as the archive dates a letter. */
const today = () => new Date().toISOString().slice(0, 10);

const isAddressTaken = (err: unknown) => (err as { constraint?: string }).constraint === 'letters_series_slug_key';

/**
 * The coach's test mails (letters, sequence steps): each is a mail to her own address, so as many in an hour as the
 * per-address limit lets reach her (counted per coach, after her role is checked, in this process's memory). Gives
 * the 429 answer when she had enough, else null.
 */
export function testSendLimit(config: Pick<AppDeps['config'], 'MAIL_PER_ADDRESS_PER_HOUR'>) {
  const perHour = config.MAIL_PER_ADDRESS_PER_HOUR;
  const budgets = createWriteBudgets({ burst: perHour, perMinute: perHour / 60, perDay: perHour * 24 });
  return (coachId: string, reply: FastifyReply) => {
    const refusal = budgets.take(coachId);
    if (!refusal) return null;
    reply.code(429).header('retry-after', String(refusal.retryAfterSeconds));
    return { success: false as const, message: M.tooManyTests(waitInWords(refusal.retryAfterSeconds)), data: null };
  };
}

const letterRoutes: FastifyPluginAsyncZod<Pick<AppDeps, 'store' | 'pool' | 'config' | 'jobs'>> = async (app, { store, pool, config, jobs }) => {
  /** Runs one command on a letter's stream. Two letters given one address at once: the read model's constraint refuses the second. */
  async function run(request: Parameters<typeof keyedWrite>[0], actor: string, letterId: string, command: LetterCommand) {
    try {
      return await handleCommand(store, letterStream(letterId), letterFold, (state) => ({ events: decideLetter(command, state) }), keyedWrite(request, actor));
    } catch (err) {
      if (isAddressTaken(err)) throw new ConflictError(M.slugTaken);
      throw err;
    }
  }

  const testSends = testSendLimit(config);

  const stored = async (id: string) => {
    const letter = await loadLetter(pool, id);
    if (!letter) throw new NotFoundError(M.notFound);
    return letter;
  };

  app.get(
    '/api/coach/letters',
    {
      schema: {
        operationId: 'coachListLetters',
        tags: ['newsletter'],
        summary: 'Todas las cartas, borradores y publicadas, la última que cambió primero',
        response: { 200: envelope(z.array(LetterSummary)), ...coachErrors },
      },
    },
    async (request) => {
      await requireCoach(request);
      return { success: true as const, message: 'Cartas.', data: await allLetters(pool) };
    },
  );

  app.get(
    '/api/coach/letters/:id',
    {
      schema: {
        operationId: 'coachGetLetter',
        tags: ['newsletter'],
        summary: 'Una carta, con su texto en Markdown',
        params: Id,
        response: { 200: envelope(CoachLetter), ...coachErrors },
      },
    },
    async (request) => {
      await requireCoach(request);
      return { success: true as const, message: 'Carta.', data: await coachLetter(pool, await stored(request.params.id)) };
    },
  );

  app.post(
    '/api/coach/letters',
    {
      schema: {
        operationId: 'coachDraftLetter',
        tags: ['newsletter'],
        summary: 'Guarda una carta nueva como borrador (no se publica ni se envía)',
        description: 'La dirección (slug) es única en cada serie: otra carta con la misma dirección en la serie responde 409.',
        body: LetterBody,
        response: { 201: envelope(CoachLetter), ...writeErrors },
      },
    },
    async (request, reply) => {
      const coach = await requireCoach(request);
      const eventId = eventIdFor(request, 0);
      const letterId = eventId ? deterministicUuid('letter', eventId) : timeOrderedUuid();
      const letter = request.body;
      await checkCover(pool, letter.cover);
      const slugTaken = await letterAddressTaken(pool, letter.series, letter.slug, letterId);
      const result = await run(request, coach.id, letterId, { type: 'DraftLetter', letter, slugTaken, eventId });
      reply.code(201);
      return { success: true as const, message: 'Borrador guardado.', data: await coachLetter(pool, written(letterId, result.state)) };
    },
  );

  app.patch(
    '/api/coach/letters/:id',
    {
      schema: {
        operationId: 'coachEditLetter',
        tags: ['newsletter'],
        summary: 'Cambia el título, la dirección, la serie, el texto o la portada de una carta (lo que no se envía queda igual; cover: null quita la portada)',
        description: 'Una carta publicada puede cambiar su título y su texto, no su dirección ni su serie (409).',
        params: Id,
        body: LetterChanges,
        response: { 200: envelope(CoachLetter), ...writeErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const letterId = request.params.id;
      const before = await stored(letterId);
      const changes = request.body;
      await checkCover(pool, changes.cover);
      const slugTaken = await letterAddressTaken(pool, changes.series ?? before.series, changes.slug ?? before.slug, letterId);
      const result = await run(request, coach.id, letterId, { type: 'EditLetter', changes, slugTaken, eventId: eventIdFor(request, 0) });
      const message = result.events.length ? 'Carta guardada.' : 'No había cambios que guardar.';
      return { success: true as const, message, data: await coachLetter(pool, written(letterId, result.state)) };
    },
  );

  // Into the archive and out of it: each a command on the letter, and a message for what it did (or found done).
  const moves = [
    {
      action: 'publish',
      operationId: 'coachPublishLetter',
      summary: 'Publica una carta en el archivo, con la fecha de hoy (no la envía a nadie)',
      command: (): LetterCommand => ({ type: 'PublishLetter', publishedOn: today() }),
      done: 'Carta publicada: ya está en el archivo.',
      already: 'La carta ya estaba publicada.',
    },
    {
      action: 'unpublish',
      operationId: 'coachUnpublishLetter',
      summary: 'Retira una carta del archivo: vuelve a ser un borrador',
      command: (): LetterCommand => ({ type: 'UnpublishLetter' }),
      done: 'Retiraste la carta del archivo: ahora es un borrador.',
      already: 'La carta no estaba publicada.',
    },
  ] as const;
  for (const move of moves) {
    app.post(
      `/api/coach/letters/:id/${move.action}`,
      {
        schema: {
          operationId: move.operationId,
          tags: ['newsletter'],
          summary: move.summary,
          params: Id,
          response: { 200: envelope(CoachLetter), ...writeErrors },
        },
      },
      async (request) => {
        const coach = await requireCoach(request);
        const letterId = request.params.id;
        const result = await run(request, coach.id, letterId, { ...move.command(), eventId: eventIdFor(request, 0) });
        const message = result.events.length ? move.done : move.already;
        return { success: true as const, message, data: await coachLetter(pool, written(letterId, result.state)) };
      },
    );
  }

  app.post(
    '/api/coach/letters/preview',
    {
      schema: {
        operationId: 'coachPreviewLetter',
        tags: ['newsletter'],
        summary: 'La carta tal como se verá en el archivo y en el correo, sin guardar nada',
        body: LetterBody,
        response: { 200: envelope(Rendered), ...coachErrors },
      },
    },
    async (request) => {
      await requireCoach(request);
      const { cover: coverId, ...letter } = request.body;
      await checkCover(pool, coverId);
      const cover = await libraryImage(pool, coverId ?? null);
      const rendered = renderLetter({ ...letter, cover }, await previewOptions(pool, config.publicUrl));
      return { success: true as const, message: 'Vista previa.', data: { ...rendered, cover } };
    },
  );

  app.post(
    '/api/coach/letters/:id/test',
    {
      schema: {
        operationId: 'coachTestLetter',
        tags: ['newsletter'],
        summary: 'Envía la carta guardada a tu propio correo, con el asunto «[Prueba] …»',
        description: 'A lo sumo MAIL_PER_ADDRESS_PER_HOUR pruebas por hora (429 después). La carta se envía tal como está guardada.',
        params: Id,
        response: { 202: envelope(z.object({ queued: z.literal(true) })), ...coachErrors, 429: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const coach = await requireCoach(request);
      const letter = await stored(request.params.id);
      const refused = testSends(coach.id, reply);
      if (refused) return refused;
      const job: MailJob = { kind: 'letter-test', letterId: letter.id, userId: coach.id };
      await jobs.send(EMAIL_SEND, job);
      reply.code(202);
      return { success: true as const, message: 'Te enviamos una prueba a tu correo. Llega en unos minutos.', data: { queued: true as const } };
    },
  );
};

export default letterRoutes;
