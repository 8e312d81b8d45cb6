// Which of the coach's files fills each place of the site (course/placements.ts): read by everyone (GET /api/placements),
// changed and restored by the coach (role 9), each save an event with its history. A place she has not filled keeps
// what the site ships, or shows nothing.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { MEDIA_KINDS } from '../../../course/media';
import { PLACEMENT_MESSAGES as M, SLOT_IDS, slotById, videoSlot, type Slot } from '../../../course/placements';
import { PREMIUM_ROLE } from '../../../course/rules';
import { activityBySlug } from '../../../course/syllabus';
import { LOCK_MESSAGES } from '../../../events/course/course';
import { videoEmbed } from '../../../course/video';
import { ForbiddenError, InvalidError, NotFoundError } from '../../../events/errors';
import { mediaById, type MediaRecord } from '../../../events/media/queries';
import { decidePlacements, placementsFold, type PlacementsCommand, type PlacementsState } from '../../../events/placements/placements';
import { PlacementChanges, PLACEMENTS_STREAM, type Placements } from '../../../events/placements/placements.events';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { versionedReader } from '../../../events/store/versioned-values';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { eventIdFor, keyedWrite } from '../../request';
import { requireUser } from '../../plugins/auth';
import { requireCoach } from '../coach/routes';
import { mediaUrl, ResponsiveImage, responsiveImage, sendBlob } from '../media/routes';

/** The placements every process reads, as they are appended. */
export const placementsReader = (store: Pick<EventStore, 'readStream'>) => versionedReader(store, PLACEMENTS_STREAM, placementsFold);
export type PlacementsReader = ReturnType<typeof placementsReader>;

const PublicPlacement = z.object({
  kind: z.enum(MEDIA_KINDS),
  url: z.string().describe('Dónde se reproduce o descarga: el archivo, la dirección protegida (premium, ebook) o el enlace de YouTube o Vimeo'),
  contentType: z.string().nullable().describe('El tipo del archivo; null para un video de YouTube o Vimeo'),
  durationSeconds: z.number().nullable(),
  embed: z
    .object({ provider: z.enum(['youtube', 'vimeo']), src: z.string() })
    .nullable()
    .describe('Un video de YouTube o Vimeo: su reproductor incrustado en modo privado'),
  image: ResponsiveImage.nullable(),
});
const PublicPlacements = z.object({
  version: z.number().describe('La versión de los lugares (cambia con cada cambio)'),
  slots: z.record(z.string(), PublicPlacement).describe('Solo los lugares con un archivo de la coach, por su id (course/placements.ts)'),
});
const Change = z.object({
  version: z.number(),
  at: z.string(),
  by: z.string().nullable(),
  slots: z.array(z.string()),
  changes: z.record(z.string(), z.string().nullable()),
  restoredFrom: z.number().nullable(),
});
const CoachPlacements = z.object({
  version: z.number(),
  placements: z.record(z.string(), z.string().nullable()).describe('Cada lugar: el id de un archivo de la biblioteca, un enlace de video, o null'),
  history: z.array(Change),
});
const coachErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...keyedWriteErrors } as const;

/** A restricted file's address carries a token of its bytes (so a change reaches caches) that does not reveal them. */
export const restrictedToken = (sha256: string) => createHash('sha256').update(`placement:${sha256}`).digest('hex').slice(0, 16);

function restrictedUrl(slot: Slot, media: MediaRecord): string {
  const v = `?v=${restrictedToken(media.sha256)}`;
  if (slot.soundFile) return `/api/meditation/audio/${slot.soundFile}${v}`;
  if (slot.activity) return `/api/course/video/${slot.activity}/file${v}`;
  return `/api/downloads/afirmaciones-ebook${v}`;
}

/** The places filled with a file that is still in the library (or a video link), as the site uses them. */
export async function publicPlacements(state: PlacementsState, pool: pg.Pool) {
  const slots: Record<string, z.output<typeof PublicPlacement>> = {};
  for (const [id, value] of Object.entries(state.values)) {
    const slot = slotById(id);
    // A paid activity's video is given to premium learners only, by GET /api/course/video/{slug}.
    if (!slot || !value || (slot.restricted && slot.kind === 'video')) continue;
    const embed = slot.takesVideoLink ? videoEmbed(value) : null;
    if (embed) {
      slots[id] = { kind: 'video', url: value, contentType: null, durationSeconds: null, embed, image: null };
      continue;
    }
    const media = await mediaById(pool, value);
    if (!media || media.kind !== slot.kind) continue;
    slots[id] = {
      kind: media.kind,
      url: slot.restricted ? restrictedUrl(slot, media) : mediaUrl(media),
      contentType: media.contentType,
      durationSeconds: media.durationSeconds,
      embed: null,
      image: responsiveImage(media),
    };
  }
  return { version: state.version, slots };
}

/** The library file that fills a restricted place (premium sound, paid ebook), to be served by its own guarded route. */
export async function placedFile(reader: PlacementsReader, pool: pg.Pool, slotId: string): Promise<MediaRecord | undefined> {
  const slot = slotById(slotId);
  const id = (await reader.current()).values[slotId];
  if (!slot || !id) return undefined;
  const media = await mediaById(pool, id);
  return media?.kind === slot.kind ? media : undefined;
}

/** Every change checked before anything is recorded: a known place, a library file of its kind, or a video link. */
async function checkChanges(pool: pg.Pool, changes: Partial<Placements>) {
  for (const [id, value] of Object.entries(changes)) {
    const slot = slotById(id);
    if (!slot) throw new InvalidError(M.unknownSlot);
    if (value === null || value === undefined) continue;
    if (!z.uuid().safeParse(value).success) {
      if (slot.takesVideoLink && videoEmbed(value)) continue;
      throw new InvalidError(slot.takesVideoLink ? M.videoLink : M.wrongKind(slot));
    }
    const media = await mediaById(pool, value);
    if (!media) throw new InvalidError(M.notInLibrary);
    if (media.kind !== slot.kind) throw new InvalidError(M.wrongKind(slot));
  }
}

function coachView(state: PlacementsState) {
  return {
    version: state.version,
    placements: state.values,
    history: state.history
      .map((c) => ({
        version: c.version,
        at: c.at.toISOString(),
        by: c.by,
        slots: SLOT_IDS.filter((id) => c.changes[id] !== undefined),
        changes: c.changes as Record<string, string | null>,
        restoredFrom: c.restoredFrom,
      }))
      .reverse(),
  };
}

/** What the desk sends: empty text is null (back to what the site ships). */
const PlacementsBody = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v.trim() || null : v]))
      : body,
  z.record(z.string(), z.string().max(500, M.videoLink).nullable()),
);

const ActivityVideo = z
  .object({ url: z.string(), embed: z.object({ provider: z.enum(['youtube', 'vimeo']), src: z.string() }).nullable() })
  .nullable()
  .describe('El video de la actividad: un archivo (url) o un video de YouTube o Vimeo (embed); null si la coach no puso ninguno');

/** A paid activity's video is for premium learners only, as its text: 401 without a session, 403 without the role. */
async function activityForVideo(request: FastifyRequest, slug: string) {
  const activity = activityBySlug(slug);
  if (!activity) throw new NotFoundError('Actividad no encontrada.');
  if (!activity.isFree) {
    const user = await requireUser(request);
    if (!user.roles.includes(PREMIUM_ROLE)) throw new ForbiddenError(LOCK_MESSAGES.premium);
  }
  return activity;
}

const placementRoutes: FastifyPluginAsyncZod<{ store: EventStore; pool: pg.Pool; placements: PlacementsReader }> = async (app, { store, pool, placements }) => {
  app.get(
    '/api/course/video/:slug',
    {
      schema: {
        operationId: 'getActivityVideo',
        tags: ['course'],
        summary: 'El video que la coach puso en una actividad; el de una actividad paga, solo para quienes tienen el rol premium',
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: envelope(ActivityVideo), ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const activity = await activityForVideo(request, request.params.slug);
      const slot = slotById(videoSlot(activity.slug))!;
      const value = (await placements.current()).values[slot.id];
      const embed = value ? videoEmbed(value) : null;
      const media = value && !embed ? await mediaById(pool, value) : undefined;
      reply.header('cache-control', 'private, no-cache');
      const data = embed
        ? { url: value!, embed }
        : media?.kind === 'video'
          ? { url: slot.restricted ? restrictedUrl(slot, media) : mediaUrl(media), embed: null }
          : null;
      return { success: true as const, message: data ? 'Video de la actividad.' : 'Esta actividad no tiene video.', data };
    },
  );

  app.get(
    '/api/course/video/:slug/file',
    {
      schema: {
        operationId: 'getActivityVideoFile',
        tags: ['course'],
        summary: 'El archivo del video de una actividad paga (Range: bytes=… para avanzar), solo para quienes tienen el rol premium',
        params: z.object({ slug: z.string().max(100) }),
        response: { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const activity = await activityForVideo(request, request.params.slug);
      const media = await placedFile(placements, pool, videoSlot(activity.slug));
      if (!media) throw new NotFoundError('Esta actividad no tiene video.');
      return sendBlob(pool, request, reply as unknown as FastifyReply, media, 'private, no-store');
    },
  );

  app.get(
    '/api/placements',
    {
      schema: {
        operationId: 'getPlacements',
        tags: ['site'],
        summary: 'Los archivos de la coach en cada lugar del sitio (voces de la meditación, videos, descargas, fotos del retiro)',
        response: { 200: envelope(PublicPlacements), 304: z.null().describe('Sin cambios desde la versión que ya tienes (ETag)'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const state = await placements.current();
      const etag = `"placements-${state.version}"`;
      // Asked again each time (a cheap 304): a new recording plays on the next visit.
      reply.header('cache-control', 'public, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return { success: true as const, message: 'Archivos del sitio.', data: await publicPlacements(state, pool) };
    },
  );

  app.get(
    '/api/coach/placements',
    {
      schema: {
        operationId: 'coachGetPlacements',
        tags: ['coach'],
        summary: 'Qué archivo ocupa cada lugar del sitio, y el historial de cambios',
        response: { 200: envelope(CoachPlacements), ...coachErrors },
      },
    },
    async (request, reply) => {
      await requireCoach(request);
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, message: 'Archivos del sitio.', data: coachView(await placements.current()) };
    },
  );

  const run = async (command: PlacementsCommand, coachId: string, request: Parameters<typeof keyedWrite>[0]) => {
    const result = await handleCommand(
      store,
      PLACEMENTS_STREAM,
      placements.fold,
      (state) => ({ events: decidePlacements(command, state) }),
      keyedWrite(request, coachId),
    );
    placements.remember(result.state);
    return result;
  };

  app.patch(
    '/api/coach/placements',
    {
      schema: {
        operationId: 'coachChangePlacements',
        tags: ['coach'],
        summary: 'Pone un archivo de la biblioteca (o un enlace de YouTube o Vimeo, en un video) en lugares del sitio; null vuelve a lo de siempre',
        body: PlacementsBody,
        response: { 200: envelope(CoachPlacements), ...coachErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      await checkChanges(pool, request.body);
      const changes = PlacementChanges.parse(request.body) as Partial<Placements>;
      const result = await run({ type: 'Change', changes, eventId: eventIdFor(request, 0) }, coach.id, request);
      return { success: true as const, message: result.events.length ? M.saved : M.unchanged, data: coachView(result.state) };
    },
  );

  app.post(
    '/api/coach/placements/restore',
    {
      schema: {
        operationId: 'coachRestorePlacements',
        tags: ['coach'],
        summary: 'Vuelve a los archivos de una versión anterior (un cambio más en el historial)',
        body: z.strictObject({ version: z.number('Elige una versión.').int('Elige una versión.').min(0, 'Elige una versión.') }),
        response: { 200: envelope(CoachPlacements), ...coachErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const result = await run({ type: 'Restore', version: request.body.version, eventId: eventIdFor(request, 0) }, coach.id, request);
      return { success: true as const, message: result.events.length ? M.restored : M.alreadyCurrent, data: coachView(result.state) };
    },
  );
};

export default placementRoutes;
