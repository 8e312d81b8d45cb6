// Revelations (saveRevelation, getRevelations) and the meditator's
// sessions and history (total minutes, sessions, current streak of days), and the premium sounds, served only
// to premium learners.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import {
  dayIn,
  isTimeZone,
  MAX_REVELATION,
  MAX_SESSION_SECONDS,
  PHASE_IDS,
  PREMIUM_ALERT,
  PREMIUM_SOUND_FILES,
  REVELATION_REQUIRED,
} from '../../../course/meditation';
import { PREMIUM_ROLE } from '../../../course/rules';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { learnerFold } from '../../../events/learner';
import { decideMeditation, meditationHistory, type MeditationCommand, type Revelation as SavedRevelation } from '../../../events/meditation/meditation';
import { meditationTotalsOf, revelationsOf } from '../../../events/meditation/queries';
import { RevelationSaved } from '../../../events/meditation/meditation.events';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { deterministicUuid, timeOrderedUuid } from '../../../events/store/ids';
import { ForbiddenError } from '../../../events/errors';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { requireUser } from '../../plugins/auth';
import { parseRange, sendBlob } from '../media/routes';
import { placedFile, type PlacementsReader } from '../placements/routes';
import { slotOfSound } from '../../../course/placements';
import { eventIdFor, keyedWrite } from '../../request';
import { fromRoot } from '../../project-root';

const userErrors = { ...errorResponses, 401: ErrorEnvelope } as const;
/** A write that would go past what an account keeps (409: nothing written, the message says what to do). */
const cappedWriteErrors = { ...userErrors, 409: ErrorEnvelope } as const;

/** The premium gongs and backgrounds: outside the public folder, so only GET /api/meditation/audio/{file} serves them. */
export const PRIVATE_SOUNDS_DIR = fromRoot('assets/private/meditation-audio');
/** The oldest a session sent later may be: a year (its minutes still count; its day is when it ended). */
const MAX_AGE_SECONDS = 365 * 24 * 3600;
const AGE_MESSAGE = `La antigüedad de la sesión debe ser un número entero de segundos entre 0 y ${MAX_AGE_SECONDS}.`;
const endedSecondsAgo = z
  .number(AGE_MESSAGE)
  .int(AGE_MESSAGE)
  .min(0, AGE_MESSAGE)
  .max(MAX_AGE_SECONDS, AGE_MESSAGE)
  .optional()
  .describe(
    'Para una sesión enviada más tarde (por ejemplo, después de meditar sin conexión): cuántos segundos hace que terminó, medidos con el reloj del navegador al enviarla, así un reloj mal puesto no cambia el día. Cuenta para la racha de ese día.',
  );

const SECONDS_MESSAGE = `El tiempo meditado debe ser un número entero de segundos entre 0 y ${MAX_SESSION_SECONDS}.`;
const seconds = z.number(SECONDS_MESSAGE).int(SECONDS_MESSAGE).min(0, SECONDS_MESSAGE).max(MAX_SESSION_SECONDS, SECONDS_MESSAGE);
const timeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, 'Zona horaria desconocida.')
  .optional()
  .describe('Zona horaria IANA del navegador (por ejemplo America/Argentina/Buenos_Aires), para contar los días de la racha.');

const Revelation = z.object({
  Id: z.string(),
  Revelation: z.string(),
  DateCreated: z.string().describe('ISO 8601'),
  TotalTimeMeditated: z.number().describe('Segundos meditados en la sesión'),
});
const History = z.object({
  totalSeconds: z.number(),
  totalMinutes: z.number(),
  sessions: z.number(),
  streakDays: z.number().describe('Días seguidos con al menos una sesión, hasta hoy (o ayer)'),
  meditatedToday: z.boolean(),
});

const toRevelation = (r: SavedRevelation) => ({ Id: r.id, Revelation: r.revelation, DateCreated: r.createdAt, TotalTimeMeditated: r.totalTimeMeditated });

const meditationRoutes: FastifyPluginAsyncZod<{ store: EventStore; pool: pg.Pool; placements: PlacementsReader }> = async (
  app,
  { store, pool, placements },
) => {
  const history = async (userId: string, zone: string | undefined) => meditationHistory(await meditationTotalsOf(pool, userId), dayIn(new Date(), zone));

  app.post(
    '/api/activity/saveRevelation',
    {
      schema: {
        operationId: 'saveRevelation',
        tags: ['meditation'],
        summary: 'Guarda la revelación escrita al terminar una meditación',
        body: z.strictObject({
          revelation: z
            .string(REVELATION_REQUIRED)
            .trim()
            .min(1, REVELATION_REQUIRED)
            .max(MAX_REVELATION, `Tu revelación puede tener hasta ${MAX_REVELATION.toLocaleString('es')} caracteres.`),
          totalTimeMeditated: seconds,
        }),
        response: { 200: envelope(Revelation), ...cappedWriteErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const eventId = eventIdFor(request, 0);
      const revelationId = eventId ? deterministicUuid('revelation', eventId) : timeOrderedUuid();
      const { revelation, totalTimeMeditated } = request.body;
      const command: MeditationCommand = { type: 'SaveRevelation', userId: user.id, revelationId, revelation, totalTimeMeditated, eventId };
      const { events } = await handleCommand(
        store,
        learnerStreamId(user.id),
        learnerFold,
        (s) => ({ events: decideMeditation(command, s) }),
        keyedWrite(request, user.id),
      );
      // From the event this request recorded (the first copy's, for a retry), as the read model has it.
      const saved = events.find(RevelationSaved.is)!;
      return {
        success: true as const,
        message: 'Revelación guardada.',
        data: toRevelation({
          id: saved.data.revelationId,
          revelation: saved.data.revelation,
          totalTimeMeditated: saved.data.totalTimeMeditated,
          createdAt: saved.recordedAt.toISOString(),
        }),
      };
    },
  );

  app.get(
    '/api/activity/getRevelations',
    {
      schema: {
        operationId: 'getRevelations',
        tags: ['meditation'],
        summary: 'Tus revelaciones, de la más reciente a la más antigua',
        response: { 200: envelope(z.array(Revelation)), ...userErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { success: true as const, message: 'Tus revelaciones.', data: (await revelationsOf(pool, user.id)).map(toRevelation) };
    },
  );

  app.post(
    '/api/meditation/sessions',
    {
      schema: {
        operationId: 'recordMeditationSession',
        tags: ['meditation'],
        summary: 'Registra una sesión de meditación terminada o detenida y devuelve tu historial',
        body: z.strictObject({
          seconds,
          activePhases: z.array(z.enum(PHASE_IDS, 'Fase desconocida.')).min(1, 'Debe haber al menos una fase activa.').max(PHASE_IDS.length),
          outcome: z.enum(['completed', 'stopped'], 'El resultado debe ser completed o stopped.'),
          timeZone,
          endedSecondsAgo,
        }),
        response: { 200: envelope(History), ...cappedWriteErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { seconds: total, activePhases, outcome } = request.body;
      // The day the session ended where the meditator is.
      const ended = new Date(Date.now() - (request.body.endedSecondsAgo ?? 0) * 1000);
      const eventId = eventIdFor(request, 0);
      const sessionId = eventId ? deterministicUuid('meditation-session', eventId) : timeOrderedUuid();
      const command: MeditationCommand = {
        type: 'RecordSession',
        session: { userId: user.id, sessionId, seconds: total, activePhases: [...new Set(activePhases)], outcome, day: dayIn(ended, request.body.timeZone) },
        eventId,
      };
      await handleCommand(
        store,
        learnerStreamId(user.id),
        learnerFold,
        (s) => ({ events: decideMeditation(command, s) }),
        // A queued session is sent again with its age measured again: the same session, a later copy.
        keyedWrite(request, user.id, { sendTimeFields: ['endedSecondsAgo'] }),
      );
      return { success: true as const, message: 'Sesión registrada.', data: await history(user.id, request.body.timeZone) };
    },
  );

  app.get(
    '/api/meditation/history',
    {
      schema: {
        operationId: 'getMeditationHistory',
        tags: ['meditation'],
        summary: 'Tu historial de meditación: minutos totales, sesiones y racha de días',
        querystring: z.object({ timeZone }),
        response: { 200: envelope(History), ...userErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { success: true as const, message: 'Tu historial de meditación.', data: await history(user.id, request.query.timeZone) };
    },
  );

  const sounds = new Map<string, Buffer>();
  app.get(
    '/api/meditation/audio/:file',
    {
      schema: {
        operationId: 'getPremiumMeditationSound',
        tags: ['meditation'],
        summary: 'Un sonido premium de la meditación (gongs y fondos premium), solo para quienes tienen el rol premium',
        description: 'Un archivo MP3. Admite Range (206) como lo piden los reproductores de audio de los teléfonos.',
        params: z.object({ file: z.enum(PREMIUM_SOUND_FILES as [string, ...string[]], 'Ese sonido no existe.') }),
        response: { ...userErrors, 403: ErrorEnvelope },
      },
    },
    async (request, typedReply) => {
      const user = await requireUser(request);
      if (!user.roles.includes(PREMIUM_ROLE)) throw new ForbiddenError(PREMIUM_ALERT);
      // Binary, not JSON: the typed reply only knows the error envelopes, so the file goes out untyped.
      const reply = typedReply as unknown as FastifyReply;
      const { file } = request.params;
      // The coach's own recording of this sound, when she has put one in its place.
      const slot = slotOfSound(file);
      const placed = slot && (await placedFile(placements, pool, slot.id));
      if (placed) return sendBlob(pool, request, reply, placed, 'private, no-store');
      let body = sounds.get(file);
      if (!body) sounds.set(file, (body = await readFile(path.join(PRIVATE_SOUNDS_DIR, file))));
      reply.header('content-type', 'audio/mpeg').header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
      const range = parseRange(request.headers.range, body.length);
      if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${body.length}`).send();
      if (range === undefined) return reply.send(body);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
        .send(body.subarray(range.start, range.end + 1));
    },
  );
};

export default meditationRoutes;
