// The coach's desk (role 9 only): learners, each learner's journey event by event with the state at any
// moment (the same folds as the projections), private notes, exports. And a learner's own export.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { ROLES } from '../../../events/accounts/accounts.events';
import { funnel } from '../../../events/analytics/queries';
import { decideCoach, type CoachCommand } from '../../../events/coach/coach';
import { coachNotesStreamId, MAX_NOTE } from '../../../events/coach/coach.events';
import { notesFold } from '../../../events/coach/notes';
import { activityOf, describeEvent } from '../../../events/coach/describe';
import { journeyAt, journeyView } from '../../../events/coach/journey';
import { journeyEvents, journeyLength, journeyStateAt, LEARNER_SORTS, learnerSummaries, learnerSummary } from '../../../events/coach/queries';
import { ForbiddenError, NotFoundError } from '../../../events/errors';
import type { EventCatalog } from '../../../events/store/catalog';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { deterministicUuid, timeOrderedUuid } from '../../../events/store/ids';
import type { RecordedEvent } from '../../../events/store/types';
import { openClosed } from '../../../events/store/sealing';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { requireUser } from '../../plugins/auth';
import { eventIdFor, keyedWrite } from '../../request';
import type { FastifyRequest } from 'fastify';

export const COACH_ROLE = ROLES.coach;
export const COACH_ONLY = 'Esta sección es solo para la coach.';
const LEARNER_NOT_FOUND = 'No encontramos a esa persona.';
const coachErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope } as const;

export async function requireCoach(request: FastifyRequest) {
  const user = await requireUser(request);
  if (!user.roles.includes(COACH_ROLE)) throw new ForbiddenError(COACH_ONLY);
  return user;
}

const LearnerSummary = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  registeredAt: z.string(),
  verified: z.boolean(),
  premium: z.boolean(),
  progressPercent: z.number(),
  currentActivity: z.object({ slug: z.string(), title: z.string() }).nullable(),
  lastActivityAt: z.string().nullable(),
});

const JourneyEvent = z.object({
  globalPosition: z.number(),
  streamPosition: z.number(),
  stream: z.enum(['learner', 'notes']),
  type: z.string(),
  recordedAt: z.string(),
  activity: z.string().nullable(),
  description: z.string(),
  data: z.record(z.string(), z.unknown()),
});

const State = z.object({
  at: z.number().nullable().describe('La posición global hasta la que se plegó el estado (null: ningún evento)'),
  ratings: z.record(z.string(), z.number()),
  firstRatings: z.record(z.string(), z.number()),
  beliefs: z.record(z.string(), z.string()),
  visions: z.record(z.string(), z.string()),
  why: z.object({ selectedAreaIds: z.array(z.string()), answers: z.record(z.string(), z.array(z.string().nullable())) }),
  completedSlugs: z.array(z.string()),
  meditation: z.object({
    totalSeconds: z.number(),
    sessions: z.number(),
    revelations: z.array(z.object({ id: z.string(), revelation: z.string(), totalTimeMeditated: z.number(), createdAt: z.string() })),
  }),
  beliefGoals: z.array(z.record(z.string(), z.unknown())),
  coachNotes: z.array(z.object({ id: z.string(), text: z.string(), coachId: z.string(), createdAt: z.string(), globalPosition: z.number() })),
});

const idParams = z.object({ id: z.uuid(LEARNER_NOT_FOUND) });

function toJourneyEvent(e: RecordedEvent) {
  const { userId: _u, learnerId: _l, ...data } = e.data as Record<string, unknown>;
  return {
    globalPosition: e.globalPosition,
    streamPosition: e.streamPosition,
    stream: e.streamId.startsWith('coachnotes-') ? ('notes' as const) : ('learner' as const),
    type: e.type,
    recordedAt: e.recordedAt.toISOString(),
    activity: activityOf(e) ?? null,
    description: describeEvent(e),
    data,
  };
}

const csvCell = (v: unknown) => {
  const s = typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
export const JOURNEY_CSV_COLUMNS = ['global_position', 'recorded_at', 'stream', 'type', 'activity', 'description', 'data'] as const;

const coachRoutes: FastifyPluginAsyncZod<{ store: EventStore; pool: pg.Pool; catalog: EventCatalog }> = async (app, { store, pool, catalog }) => {
  const events = (learnerId: string, options?: Parameters<typeof journeyEvents>[3]) => journeyEvents(pool, catalog, learnerId, options);

  async function learner(id: string) {
    const summary = await learnerSummary(pool, id);
    if (!summary) throw new NotFoundError(LEARNER_NOT_FOUND);
    return summary;
  }

  app.get(
    '/api/coach/learners',
    {
      schema: {
        operationId: 'coachListLearners',
        tags: ['coach'],
        summary: 'Las personas del curso: búsqueda, orden y páginas en el servidor',
        querystring: z.object({
          search: z.string().trim().max(100).default(''),
          sort: z.enum(LEARNER_SORTS).default('lastActivityAt'),
          order: z.enum(['asc', 'desc']).default('desc'),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: envelope(z.object({ learners: z.array(LearnerSummary), total: z.number(), page: z.number(), pageSize: z.number() })), ...coachErrors },
      },
    },
    async (request) => {
      await requireCoach(request);
      const { page, pageSize } = request.query;
      const { learners, total } = await learnerSummaries(pool, request.query);
      return { success: true as const, message: 'Personas del curso.', data: { learners, total, page, pageSize } };
    },
  );

  app.get(
    '/api/coach/learners/:id',
    {
      schema: {
        operationId: 'coachGetLearner',
        tags: ['coach'],
        summary: 'Una persona del curso',
        params: idParams,
        response: { 200: envelope(LearnerSummary), ...coachErrors },
      },
    },
    async (request) => {
      await requireCoach(request);
      return { success: true as const, message: 'Persona del curso.', data: await learner(request.params.id) };
    },
  );

  app.get(
    '/api/coach/learners/:id/journey',
    {
      schema: {
        operationId: 'coachGetJourney',
        tags: ['coach'],
        summary: 'El recorrido de una persona, evento por evento, en español (por páginas, filtrable por actividad)',
        params: idParams,
        querystring: z.object({
          after: z.coerce.number().int().min(0).default(0).describe('Posición global: los eventos posteriores'),
          limit: z.coerce.number().int().min(1).max(2000).default(500),
          activity: z.string().max(100).optional().describe('Solo los eventos de esta actividad (slug)'),
        }),
        response: { 200: envelope(z.object({ events: z.array(JourneyEvent), nextAfter: z.number().nullable(), total: z.number() })), ...coachErrors },
      },
    },
    async (request) => {
      await requireCoach(request);
      await learner(request.params.id);
      const { after, limit, activity } = request.query;
      if (activity) {
        // Which events belong to an activity is decided in code (events/coach/describe.ts): filter in memory.
        const all = (await events(request.params.id)).filter((e) => activityOf(e) === activity);
        const page = all.filter((e) => e.globalPosition > after).slice(0, limit);
        const last = page.at(-1);
        const more = last !== undefined && all.at(-1)!.globalPosition > last.globalPosition;
        return {
          success: true as const,
          message: 'Recorrido.',
          data: { events: page.map(toJourneyEvent), nextAfter: more ? last.globalPosition : null, total: all.length },
        };
      }
      const [window, total] = await Promise.all([events(request.params.id, { after, limit: limit + 1 }), journeyLength(pool, request.params.id)]);
      const page = window.slice(0, limit);
      const nextAfter = window.length > limit ? page.at(-1)!.globalPosition : null;
      return { success: true as const, message: 'Recorrido.', data: { events: page.map(toJourneyEvent), nextAfter, total } };
    },
  );

  app.get(
    '/api/coach/learners/:id/state',
    {
      schema: {
        operationId: 'coachGetStateAt',
        tags: ['coach'],
        summary: 'El estado de la persona en un momento de su recorrido (at = posición global; sin at = ahora)',
        params: idParams,
        querystring: z.object({ at: z.coerce.number().int().min(0).optional() }),
        response: { 200: envelope(State), ...coachErrors },
      },
    },
    async (request) => {
      await requireCoach(request);
      await learner(request.params.id);
      const { at } = request.query;
      // The journey is folded with its texts closed (from the nearest snapshot): only those shown are decrypted.
      const folded = await journeyStateAt(pool, catalog, store.snapshots, request.params.id, at);
      const view = openClosed(journeyView(folded.state));
      return {
        success: true as const,
        message: 'Estado del recorrido.',
        data: { at: folded.at, ...view, beliefGoals: view.beliefGoals as unknown as Record<string, unknown>[] },
      };
    },
  );

  app.post(
    '/api/coach/learners/:id/notes',
    {
      schema: {
        operationId: 'coachAddNote',
        tags: ['coach'],
        summary: 'Agrega una nota privada (solo para coaches) al recorrido de una persona (409 si ya tiene el máximo de notas)',
        params: idParams,
        body: z.strictObject({
          text: z
            .string('Escribe la nota.')
            .trim()
            .min(1, 'Escribe la nota.')
            .max(MAX_NOTE, `La nota puede tener hasta ${MAX_NOTE.toLocaleString('es')} caracteres.`),
        }),
        response: { 200: envelope(JourneyEvent), ...coachErrors, 409: ErrorEnvelope, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      await learner(request.params.id);
      const eventId = eventIdFor(request, 0);
      const noteId = eventId ? deterministicUuid('coach-note', eventId) : timeOrderedUuid();
      const command: CoachCommand = { type: 'AddNote', learnerId: request.params.id, noteId, coachId: coach.id, text: request.body.text, eventId };
      const result = await handleCommand(
        store,
        coachNotesStreamId(request.params.id),
        notesFold,
        (state) => ({ events: decideCoach(command, state) }),
        keyedWrite(request, coach.id),
      );
      return { success: true as const, message: 'Nota guardada.', data: toJourneyEvent(result.events[0]!) };
    },
  );

  app.get(
    '/api/coach/learners/:id/export',
    {
      schema: {
        operationId: 'coachExportJourney',
        tags: ['coach'],
        summary: 'Descarga el recorrido completo en JSON o CSV',
        params: idParams,
        querystring: z.object({ format: z.enum(['json', 'csv']).default('json') }),
        response: coachErrors,
      },
    },
    async (request, reply) => {
      await requireCoach(request);
      const summary = await learner(request.params.id);
      const journey = (await events(request.params.id)).map(toJourneyEvent);
      const name = `recorrido-${summary.username}`.replace(/[^\w.-]/g, '_');
      reply.header('cache-control', 'private, no-store');
      if (request.query.format === 'csv') {
        const lines = [
          JOURNEY_CSV_COLUMNS.join(','),
          ...journey.map((e) => [e.globalPosition, e.recordedAt, e.stream, e.type, e.activity, e.description, e.data].map(csvCell).join(',')),
        ];
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(`\uFEFF${lines.join('\r\n')}\r\n` as never);
      }
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.json"`)
        .send(JSON.stringify({ learner: summary, events: journey }, null, 2) as never);
    },
  );

  const FunnelRow = z.object({
    page: z.string(),
    views: z.number(),
    leads: z.number(),
    subscriptions: z.number(),
    signups: z.number(),
    verifications: z.number(),
    payments: z.number(),
    revenueUsd: z.number(),
  });
  const isoDay = z.iso.date('Usa fechas AAAA-MM-DD.');

  app.get(
    '/api/coach/analytics/funnel',
    {
      schema: {
        operationId: 'coachFunnel',
        tags: ['coach'],
        summary: 'El embudo por página (visitas → leads → registros → verificados → pagos) y por día, en un rango de fechas UTC',
        querystring: z.object({ from: isoDay.optional(), to: isoDay.optional() }),
        response: {
          200: envelope(
            z.object({
              from: z.string(),
              to: z.string(),
              pages: z.array(FunnelRow),
              days: z.array(FunnelRow.omit({ page: true }).extend({ day: z.string() })),
              /** Accounts registered in the range and deleted since: in the counts, shown as «Persona eliminada». */
              forgottenAccounts: z.number(),
            }),
          ),
          ...coachErrors,
        },
      },
    },
    async (request) => {
      await requireCoach(request);
      const to = request.query.to ?? new Date().toISOString().slice(0, 10);
      const from = request.query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
      return { success: true as const, message: 'Embudo.', data: { from, to, ...(await funnel(pool, from, to)) } };
    },
  );

  app.get(
    '/api/me/export',
    {
      schema: {
        operationId: 'exportMyData',
        tags: ['coach'],
        summary: 'Descarga todos tus datos (tu cuenta y cada evento de tu recorrido) en JSON',
        response: { ...errorResponses, 401: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const recorded = await events(user.id, { withNotes: false });
      const told = recorded.map((e) => ({
        position: e.globalPosition,
        recordedAt: e.recordedAt.toISOString(),
        type: e.type,
        description: describeEvent(e),
        data: e.data,
      }));
      const state = journeyView(journeyAt(recorded));
      const { coachNotes: _notes, ...mine } = state;
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="mis-datos-manifiesta.json"`)
        .send(JSON.stringify({ account: user, exportedAt: new Date().toISOString(), summary: mine, events: told }, null, 2) as never);
    },
  );
};

export default coachRoutes;
