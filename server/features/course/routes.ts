// /api/activity/* for progress (completion status, completing, guest sync), the text of an activity
// (/api/course/lesson/{slug}: a paid one's only for premium learners) and /api/resources.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { RESOURCES } from '../../../course/resources';
import { lockReason, PREMIUM_ROLE } from '../../../course/rules';
import { ACTIVITIES, activityBySlug, findActivity } from '../../../course/syllabus';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { decideComplete, decideGuestCompletions, decideSaveReflection, knownActivity, LOCK_MESSAGES, UNKNOWN_ACTIVITY } from '../../../events/course/course';
import { MAX_REFLECTION } from '../../../events/course/course.events';
import { guestTranslators, type GuestTranslator } from '../../../events/course/guest-sync';
import { MAX_DEEP_WHY_RESTARTS } from '../../../events/deep-why/deep-why';
import { WhyExerciseRestarted } from '../../../events/deep-why/deep-why.events';
import { ForbiddenError, InvalidError, NotFoundError } from '../../../events/errors';
import { learnerFold, startedAgain } from '../../../events/learner';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { deterministicUuid } from '../../../events/store/ids';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { requireUser } from '../../plugins/auth';
import { eventIdFor, keyedWrite, requestMetadata } from '../../request';
import { LESSON_TEXTS } from './lessons';

const ORDER = new Map(ACTIVITIES.map((a, i) => [a.slug, i]));
const inCourseOrder = (slugs: string[]) => slugs.sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));

const Completed = z.array(z.string()).describe('Slugs de las actividades completadas, en el orden del curso');
const userErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope } as const;

const GuestProgress = z.strictObject({
  completedSlugs: z.array(z.string().max(100), 'completedSlugs debe ser una lista.').max(200),
  activityData: z.record(z.string().max(100), z.unknown(), 'activityData debe ser un objeto.').default({}),
});

const ResourceSchema = z.object({
  title: z.string(),
  description: z.string(),
  link: z.string(),
  image: z.string(),
  type: z.enum(['app', 'course', 'newsletter', 'ebook', 'audio']),
});

export interface CourseDeps {
  store: EventStore;
  pool: pg.Pool;
}

const courseRoutes: FastifyPluginAsyncZod<CourseDeps> = async (app, { store, pool }) => {

  async function completedOf(userId: string): Promise<string[]> {
    const { rows } = await pool.query<{ activity_id: string }>('SELECT activity_id FROM completions WHERE user_id = $1', [userId]);
    return inCourseOrder(rows.map((r) => r.activity_id));
  }

  app.get(
    '/api/activity/getCompletionStatus',
    {
      schema: {
        operationId: 'getCompletionStatus',
        tags: ['course'],
        summary: 'Las actividades que completó el usuario de la sesión',
        response: { 200: envelope(Completed), ...userErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { success: true as const, message: 'Progreso del curso.', data: await completedOf(user.id) };
    },
  );

  app.post(
    '/api/activity/markAsComplete',
    {
      schema: {
        operationId: 'markAsComplete',
        tags: ['course'],
        summary: 'Marca una actividad como completada (aplica la regla de bloqueo: 403 si está bloqueada)',
        body: z.strictObject({ activityId: z.string(UNKNOWN_ACTIVITY).min(1, UNKNOWN_ACTIVITY).max(100, UNKNOWN_ACTIVITY) }),
        response: { 200: envelope(Completed), ...userErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const slug = knownActivity(request.body.activityId);
      const { state } = await handleCommand(store, learnerStreamId(user.id), learnerFold, (s) => ({
        events: decideComplete(s.progress, { userId: user.id, slug, roles: user.roles, again: startedAgain(s, slug), eventId: eventIdFor(request, 0) }),
      }), keyedWrite(request, user.id));
      // The completions as of this write (of the first copy, for a retry), folded from the stream.
      const completed = inCourseOrder([...state.progress.completed]);
      return { success: true as const, message: 'Actividad completada.', data: completed };
    },
  );

  app.post(
    '/api/activity/syncGuestProgress',
    {
      schema: {
        operationId: 'syncGuestProgress',
        tags: ['course'],
        summary: 'Fusiona el progreso de invitado en la cuenta (idempotente; lo bloqueado se omite)',
        body: GuestProgress,
        response: {
          200: envelope(z.object({ completed: Completed, added: z.number().int(), skipped: z.array(z.string()) })),
          ...userErrors,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { completedSlugs, activityData } = request.body;
      for (const slug of [...completedSlugs, ...Object.keys(activityData)]) {
        if (!findActivity(slug)) throw new InvalidError(`${UNKNOWN_ACTIVITY} (${slug})`);
      }
      // Every activity's data is checked before anything is written: one malformed entry refuses all.
      const parsedData: Array<{ slug: string; translator: GuestTranslator; data: unknown; digest: string }> = [];
      for (const [key, data] of Object.entries(activityData)) {
        const slug = knownActivity(key);
        for (const translator of guestTranslators(slug)) {
          const parsed = translator.schema.safeParse(data);
          if (!parsed.success) throw new InvalidError(`Los datos guardados de «${findActivity(slug)!.title}» no son válidos.`);
          const digest = createHash('sha256').update(JSON.stringify(parsed.data)).digest('hex');
          parsedData.push({ slug, translator, data: parsed.data, digest });
        }
      }
      let skipped: string[] = [];
      const result = await handleCommand(
        store,
        learnerStreamId(user.id),
        learnerFold,
        async ({ progress: state, deepWhyCounts }) => {
          const completions = decideGuestCompletions(state, {
            userId: user.id,
            slugs: completedSlugs.map(knownActivity),
            roles: user.roles,
            eventIdFor: (slug) => deterministicUuid(user.id, 'guest-sync', slug, 'completed'),
          });
          const completedNow = new Set([...state.completed, ...completions.events.map((e) => (e.data as { activityId: string }).activityId)]);
          // Data of an activity that is still locked for this learner is skipped, like its completion.
          const dataEvents = parsedData
            .filter(({ slug }) => !lockReason(slug, completedNow, user.roles))
            .flatMap(({ slug, translator, data, digest }) =>
              translator.translate(data, { userId: user.id, eventId: (n) => deterministicUuid(user.id, 'guest-sync', slug, translator.name, digest, String(n)) }),
            );
          skipped = [...new Set([...completions.skipped, ...parsedData.filter(({ slug }) => lockReason(slug, completedNow, user.roles)).map((d) => d.slug)])];
          // Data already synced once (same content, same ids) is not written again; nor a deep-why round past its cap.
          const { rows } = await pool.query<{ event_id: string }>('SELECT event_id FROM events WHERE event_id = ANY($1::uuid[])', [dataEvents.map((e) => e.eventId)]);
          const stored = new Set(rows.map((r) => r.event_id));
          const roundsFull = deepWhyCounts.restarts >= MAX_DEEP_WHY_RESTARTS;
          const fresh = dataEvents.filter((e) => !stored.has(e.eventId!) && !(roundsFull && e.type === WhyExerciseRestarted.type));
          return { events: [...completions.events, ...fresh] };
        },
        { metadata: { ...requestMetadata(request, user.id), origin: 'guest-sync' } },
      );
      const added = result.idempotent ? 0 : result.events.length;
      return {
        success: true as const,
        message: 'Tu progreso como invitado quedó guardado en tu cuenta.',
        data: { completed: await completedOf(user.id), added, skipped },
      };
    },
  );

  const Reflection = z.object({ text: z.string().nullable(), updatedAt: z.string().nullable() });

  app.get(
    '/api/activity/getReflection',
    {
      schema: {
        operationId: 'getReflection',
        tags: ['course'],
        summary: 'La reflexión personal del usuario sobre una lección',
        querystring: z.object({ activityId: z.string(UNKNOWN_ACTIVITY).min(1, UNKNOWN_ACTIVITY).max(100, UNKNOWN_ACTIVITY) }),
        response: { 200: envelope(Reflection), ...userErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const slug = knownActivity(request.query.activityId);
      const { rows } = await pool.query<{ text: string; updated_at: Date }>('SELECT text, updated_at FROM reflections WHERE user_id = $1 AND activity_id = $2', [user.id, slug]);
      const row = rows[0];
      return { success: true as const, message: 'Reflexión.', data: { text: row?.text ?? null, updatedAt: row ? row.updated_at.toISOString() : null } };
    },
  );

  app.post(
    '/api/activity/saveReflection',
    {
      schema: {
        operationId: 'saveReflection',
        tags: ['course'],
        summary: 'Guarda la reflexión personal sobre una lección (403 si la lección está bloqueada)',
        body: z.strictObject({
          activityId: z.string(UNKNOWN_ACTIVITY).min(1, UNKNOWN_ACTIVITY).max(100, UNKNOWN_ACTIVITY),
          text: z.string('Por favor, escribe tu reflexión.').trim().min(1, 'Por favor, escribe tu reflexión.').max(MAX_REFLECTION, `Tu reflexión puede tener hasta ${MAX_REFLECTION.toLocaleString('es')} caracteres.`),
        }),
        response: { 200: envelope(Reflection), ...userErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const slug = knownActivity(request.body.activityId);
      const result = await handleCommand(store, learnerStreamId(user.id), learnerFold, ({ progress }) => ({
        events: decideSaveReflection(progress, { userId: user.id, slug, text: request.body.text, roles: user.roles, eventId: eventIdFor(request, 0) }),
      }), keyedWrite(request, user.id));
      const saved = result.events[0];
      return {
        success: true as const,
        message: 'Reflexión guardada.',
        data: { text: request.body.text.trim(), updatedAt: saved ? saved.recordedAt.toISOString() : null },
      };
    },
  );

  const Lesson = z.object({
    slug: z.string(),
    title: z.string(),
    intro: z.array(z.string()).describe('Párrafos antes de las secciones'),
    sections: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        motto: z.string().optional(),
        paragraphs: z.array(z.string()),
        example: z.string().optional(),
        practice: z.string().optional(),
      }),
    ),
    closing: z.object({ title: z.string(), paragraphs: z.array(z.string()) }).nullable(),
  });

  app.get(
    '/api/course/lesson/:slug',
    {
      schema: {
        operationId: 'getLesson',
        tags: ['course'],
        summary: 'El texto de una actividad; el de una actividad paga, solo para quienes tienen el rol premium (401 sin sesión, 403 sin el rol)',
        description:
          'Lo que enseña una actividad paga (una lección de teoría entera, la introducción de una herramienta) no viaja en el código del navegador: llega por aquí. Una actividad sin texto propio en el servidor responde su descripción del temario.',
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: envelope(Lesson), ...userErrors, 404: ErrorEnvelope },
      },
    },
    async (request) => {
      const activity = activityBySlug(request.params.slug);
      if (!activity) throw new NotFoundError('Actividad no encontrada.');
      if (!activity.isFree) {
        const user = await requireUser(request);
        if (!user.roles.includes(PREMIUM_ROLE)) throw new ForbiddenError(LOCK_MESSAGES.premium);
      }
      const text = LESSON_TEXTS[activity.slug];
      return {
        success: true as const,
        message: 'Lección.',
        data: { slug: activity.slug, title: activity.title, intro: text?.intro ?? [activity.description], sections: text?.sections ?? [], closing: text?.closing ?? null },
      };
    },
  );

  app.get(
    '/api/resources',
    {
      schema: {
        operationId: 'getResources',
        tags: ['course'],
        summary: 'Los recursos gratuitos de /recursos-gratuitos',
        response: { 200: envelope(z.array(ResourceSchema)), ...errorResponses },
      },
    },
    async () => ({ success: true as const, message: 'Recursos gratuitos.', data: [...RESOURCES] }),
  );
};

export default courseRoutes;
