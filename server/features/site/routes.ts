// The coach's settings of the public site: read by everyone (GET /api/site), changed and restored by the coach
// (role 9), each save an event with its history.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL } from '../../../course/contact';
import { MEDIA_MESSAGES } from '../../../course/media';
import { mediaById } from '../../../events/media/queries';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { versionedReader } from '../../../events/store/versioned-values';
import { decideSite, seededSettings, siteFold, type SiteCommand, type SiteState } from '../../../events/site/site';
import { E164, isHttpsUrl, isNoticeLink, MAX_LENGTH, MAX_URL, SETTINGS_FIELDS, SITE_SETTINGS_STREAM, type Settings } from '../../../events/site/site.events';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { keyedWrite, eventIdFor } from '../../request';
import { requireCoach } from '../coach/routes';
import { checkLibraryImage, ResponsiveImage, responsiveImage } from '../media/routes';

export const SITE_MESSAGES = {
  url: 'Escribe un enlace completo que empiece con https://.',
  email: 'Escribe un email válido, por ejemplo nombre@dominio.com.',
  whatsapp: 'Escribe el número de WhatsApp con el código de país, empezando con + (por ejemplo +54 9 11 1234 5678).',
  noticeLink: 'El enlace del aviso puede ser una página del sitio (que empiece con /) o un enlace https://.',
  saved: 'Ajustes guardados.',
  unchanged: 'No había cambios que guardar.',
  restored: 'Restauraste esa versión de los ajustes.',
  alreadyCurrent: 'Los ajustes ya son los de esa versión.',
} as const;

/** Empty text clears a field (null); surrounding spaces never count. */
const cleared = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v);
const field = (schema: z.ZodType<string>) => z.preprocess(cleared, schema.nullable()).optional();
const text = (max: number, what: string) => field(z.string().max(max, `${what} puede tener hasta ${max.toLocaleString('es')} caracteres.`));
const url = field(z.string().max(MAX_URL, SITE_MESSAGES.url).refine(isHttpsUrl, SITE_MESSAGES.url));
const email = field(z.string().max(MAX_EMAIL, SITE_MESSAGES.email).regex(EMAIL_PATTERN, SITE_MESSAGES.email));
/** Spaces, dashes, dots and parentheses are accepted as typed and dropped: stored as E.164. */
const whatsapp = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.replace(/[\s().-]/g, '')) : v),
    z.string().regex(E164, SITE_MESSAGES.whatsapp).nullable(),
  )
  .optional();

export const SettingsBody = z.strictObject({
  coachName: text(MAX_LENGTH.coachName, 'Tu nombre'),
  coachBio: text(MAX_LENGTH.coachBio, 'Tu presentación'),
  coachStory: text(MAX_LENGTH.coachStory, 'Tu historia').describe('Texto plano; una línea en blanco separa los párrafos'),
  contactEmail: email,
  whatsappNumber: whatsapp,
  bookingFirstSessionUrl: url,
  bookingClarificationCallUrl: url,
  bookingPurposeSessionUrl: url,
  instagramUrl: url,
  tiktokUrl: url,
  youtubeUrl: url,
  bookUrl: url,
  techProjectsEmail: email,
  nivelesVideoUrl: url,
  noticeText: text(MAX_LENGTH.noticeText, 'El aviso'),
  noticeLink: field(z.string().max(MAX_URL, SITE_MESSAGES.noticeLink).refine(isNoticeLink, SITE_MESSAGES.noticeLink)),
  coachPhoto: field(z.uuid(MEDIA_MESSAGES.notAnImage)).describe('El id de una imagen de la biblioteca de medios'),
});

const SettingsShape = z.object(
  Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, z.string().nullable()])) as Record<keyof Settings, z.ZodNullable<z.ZodString>>,
);
const Notice = z.object({ id: z.string(), text: z.string(), link: z.string().nullable() }).nullable();
const PublicSite = SettingsShape.omit({ noticeText: true, noticeLink: true }).extend({
  version: z.number().describe('La versión de los ajustes (cambia con cada cambio)'),
  notice: Notice,
  coachPortrait: ResponsiveImage.nullable().describe('La foto de la coach lista para <img>/<picture>; null sin foto'),
});
const Change = z.object({
  version: z.number(),
  at: z.string(),
  by: z.string().nullable(),
  fields: z.array(z.enum(SETTINGS_FIELDS)),
  changes: z.record(z.string(), z.string().nullable()),
  restoredFrom: z.number().nullable(),
});
const CoachSettings = z.object({ version: z.number(), settings: SettingsShape, history: z.array(Change) });
const coachErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...keyedWriteErrors } as const;

/** The notice as the banner shows it; its id changes with its text or link, so a dismissed notice comes back when edited. */
export function noticeOf(settings: Settings) {
  if (!settings.noticeText) return null;
  const id = createHash('sha256')
    .update(`${settings.noticeText}\n${settings.noticeLink ?? ''}`)
    .digest('hex')
    .slice(0, 12);
  return { id, text: settings.noticeText, link: settings.noticeLink };
}

export async function publicSite(state: SiteState, pool: pg.Pool) {
  const { noticeText: _t, noticeLink: _l, ...rest } = state.values;
  const photo = state.values.coachPhoto ? await mediaById(pool, state.values.coachPhoto) : undefined;
  return { ...rest, version: state.version, notice: noticeOf(state.values), coachPortrait: photo ? responsiveImage(photo) : null };
}

/** The current settings of every process (see versionedReader), over the environment's first values. */
export function siteSettingsReader(store: EventStore, seedValues: Partial<Record<keyof Settings, string | undefined>>) {
  const seed = seededSettings(seedValues);
  return { seed, ...versionedReader(store, SITE_SETTINGS_STREAM, siteFold(seed)) };
}

export type SiteSettingsReader = ReturnType<typeof siteSettingsReader>;

function coachView(state: SiteState) {
  return {
    version: state.version,
    settings: state.values,
    history: state.history
      .map((c) => ({
        version: c.version,
        at: c.at.toISOString(),
        by: c.by,
        fields: SETTINGS_FIELDS.filter((f) => c.changes[f] !== undefined),
        changes: c.changes as Record<string, string | null>,
        restoredFrom: c.restoredFrom,
      }))
      .reverse(),
  };
}

const siteRoutes: FastifyPluginAsyncZod<{ store: EventStore; settings: SiteSettingsReader; pool: pg.Pool }> = async (app, { store, settings, pool }) => {
  app.get(
    '/api/site',
    {
      schema: {
        operationId: 'getSite',
        tags: ['site'],
        summary: 'Los ajustes públicos del sitio (nombre, contacto, enlaces, aviso); null en lo que la coach no completó',
        response: { 200: envelope(PublicSite), 304: z.null().describe('Sin cambios desde la versión que ya tienes (ETag)'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const state = await settings.current();
      const etag = `"site-${state.version}"`;
      // Kept by browsers and proxies but asked again each time (a cheap 304): a change shows on the next visit.
      reply.header('cache-control', 'public, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return { success: true as const, message: 'Ajustes del sitio.', data: await publicSite(state, pool) };
    },
  );

  app.get(
    '/api/coach/settings',
    {
      schema: {
        operationId: 'coachGetSettings',
        tags: ['coach'],
        summary: 'Los ajustes del sitio y su historial (cada cambio: versión, cuándo, quién, qué campos)',
        response: { 200: envelope(CoachSettings), ...coachErrors },
      },
    },
    async (request, reply) => {
      await requireCoach(request);
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, message: 'Ajustes del sitio.', data: coachView(await settings.current()) };
    },
  );

  const run = async (command: SiteCommand, coachId: string, request: Parameters<typeof keyedWrite>[0]) => {
    const result = await handleCommand(
      store,
      SITE_SETTINGS_STREAM,
      settings.fold,
      (state) => ({ events: decideSite(command, state, settings.seed) }),
      keyedWrite(request, coachId),
    );
    settings.remember(result.state);
    return result;
  };

  app.patch(
    '/api/coach/settings',
    {
      schema: {
        operationId: 'coachChangeSettings',
        tags: ['coach'],
        summary: 'Cambia los ajustes del sitio (solo los campos enviados; texto vacío o null borra el campo)',
        body: SettingsBody,
        response: { 200: envelope(CoachSettings), ...coachErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined)) as Partial<Settings>;
      await checkLibraryImage(pool, changes.coachPhoto);
      const result = await run({ type: 'Change', changes, eventId: eventIdFor(request, 0) }, coach.id, request);
      return { success: true as const, message: result.events.length ? SITE_MESSAGES.saved : SITE_MESSAGES.unchanged, data: coachView(result.state) };
    },
  );

  app.post(
    '/api/coach/settings/restore',
    {
      schema: {
        operationId: 'coachRestoreSettings',
        tags: ['coach'],
        summary: 'Vuelve a los ajustes de una versión anterior (un cambio más en el historial)',
        body: z.strictObject({ version: z.number('Elige una versión.').int('Elige una versión.').min(0, 'Elige una versión.') }),
        response: { 200: envelope(CoachSettings), ...coachErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const result = await run({ type: 'Restore', version: request.body.version, eventId: eventIdFor(request, 0) }, coach.id, request);
      return { success: true as const, message: result.events.length ? SITE_MESSAGES.restored : SITE_MESSAGES.alreadyCurrent, data: coachView(result.state) };
    },
  );
};

export default siteRoutes;
