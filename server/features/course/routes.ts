// /api/activity/* for progress (completion status, completing, guest sync), the text of an activity
// (/api/course/lesson/{slug}: a paid one's only for premium learners) and /api/resources.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { RESOURCES } from '../../../course/resources';
import { PREMIUM_ROLE } from '../../../course/rules';
import { activityBySlug } from '../../../course/syllabus';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { decideCourse, inCourseOrder, knownActivity, LOCK_MESSAGES, UNKNOWN_ACTIVITY, type CourseCommand } from '../../../events/course/course';
import { MAX_REFLECTION } from '../../../events/course/course.events';
import { readGuestProgress } from '../../../events/course/guest-sync';
import { completedActivities, reflectionOf, storedEventIds } from '../../../events/course/queries';
import { ForbiddenError, NotFoundError } from '../../../events/errors';
import { learnerFold, startedAgain, type LearnerState } from '../../../events/learner';
import { guestTranslators } from '../../../events/registry';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { requireUser } from '../../plugins/auth';
import { eventIdFor, keyedWrite, requestMetadata } from '../../request';
import { LESSON_TEXTS } from './lessons';

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
      return { success: true as const, message: 'Progreso del curso.', data: await completedActivities(pool, user.id) };
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
      const command: CourseCommand = { type: 'CompleteActivity', userId: user.id, slug, roles: user.roles, eventId: eventIdFor(request, 0) };
      const { state } = await handleCommand(
        store,
        learnerStreamId(user.id),
        learnerFold,
        (s) => ({
          events: decideCourse({ ...command, again: startedAgain(s, slug) }, s).events,
        }),
        keyedWrite(request, user.id),
      );
      // The completions as of this write (of the first copy, for a retry), folded from the stream.
      const completed = inCourseOrder(state.progress.completed);
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
      // Read and translated first (a malformed part refuses all), with what the log already holds of it.
      const guest = readGuestProgress(guestTranslators, user.id, request.body);
      const stored = await storedEventIds(
        pool,
        guest.data.flatMap((d) => d.events.map((e) => e.eventId!)),
      );
      const command: CourseCommand<LearnerState> = { type: 'SyncGuestProgress', ...guest, roles: user.roles, stored };
      let skipped: string[] = [];
      const result = await handleCommand(
        store,
        learnerStreamId(user.id),
        learnerFold,
        (s) => {
          const decision = decideCourse(command, s);
          skipped = decision.skipped;
          return { events: decision.events };
        },
        { metadata: { ...requestMetadata(request, user.id), origin: 'guest-sync' } },
      );
      const added = result.idempotent ? 0 : result.events.length;
      return {
        success: true as const,
        message: 'Tu progreso como invitado quedó guardado en tu cuenta.',
        data: { completed: await completedActivities(pool, user.id), added, skipped },
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
      const saved = await reflectionOf(pool, user.id, slug);
      return { success: true as const, message: 'Reflexión.', data: { text: saved?.text ?? null, updatedAt: saved ? saved.updatedAt.toISOString() : null } };
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
          text: z
            .string('Por favor, escribe tu reflexión.')
            .trim()
            .min(1, 'Por favor, escribe tu reflexión.')
            .max(MAX_REFLECTION, `Tu reflexión puede tener hasta ${MAX_REFLECTION.toLocaleString('es')} caracteres.`),
        }),
        response: { 200: envelope(Reflection), ...userErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const slug = knownActivity(request.body.activityId);
      const command: CourseCommand = {
        type: 'SaveReflection',
        userId: user.id,
        slug,
        text: request.body.text,
        roles: user.roles,
        eventId: eventIdFor(request, 0),
      };
      const result = await handleCommand(
        store,
        learnerStreamId(user.id),
        learnerFold,
        (s) => ({ events: decideCourse(command, s).events }),
        keyedWrite(request, user.id),
      );
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
        data: {
          slug: activity.slug,
          title: activity.title,
          intro: text?.intro ?? [activity.description],
          sections: text?.sections ?? [],
          closing: text?.closing ?? null,
        },
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
