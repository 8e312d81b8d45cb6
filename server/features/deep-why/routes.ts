// /api/activity/* of activity 4 (seven levels of why): prerequisites, the focus areas, the answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { areaById, AREA_IDS } from '../../../course/areas';
import { AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY, DEEP_WHY_ACTIVITY } from '../../../course/activities';
import { MAX_ANSWER, WHY_LEVELS } from '../../../course/deep-why';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { learnerFold } from '../../../events/learner';
import { hasCompleted } from '../../../events/course/queries';
import { decideDeepWhy, targetAreaIds, type DeepWhyCommand } from '../../../events/deep-why/deep-why';
import { deepWhyOf } from '../../../events/deep-why/queries';
import { InvalidError } from '../../../events/errors';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { areaTextsOf, ratingsOf } from '../../../events/wheel/queries';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { requireUser } from '../../plugins/auth';
import { eventIdFor, keyedWrite } from '../../request';

const ANSWER_REQUIRED = 'Por favor, escribe una respuesta.';
const NOT_THIS = 'Esta actividad no guarda esa información.';
const userErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope } as const;

const activityField = z.string('Falta la actividad.').min(1, 'Falta la actividad.').max(100, NOT_THIS);
function deepWhyActivity(activityId: string) {
  if (activityId !== DEEP_WHY_ACTIVITY && activityId !== '1-4') throw new InvalidError(NOT_THIS);
}

const TargetArea = z.object({
  id: z.string(),
  score: z.number().nullable(),
  title: z.string(),
  currentText: z.string().nullable(),
  futureText: z.string().nullable(),
});
const Prerequisites = z.object({
  targetAreas: z.array(TargetArea),
  whyAnswers: z.record(z.string(), z.array(z.string().nullable())),
  selectedAreaIds: z.array(z.string()),
  isCompleted: z.boolean(),
});

const deepWhyRoutes: FastifyPluginAsyncZod<{ store: EventStore; pool: pg.Pool }> = async (app, { store, pool }) => {
  app.get(
    '/api/activity/getDeepWhyPrerequisites',
    {
      schema: {
        operationId: 'getDeepWhyPrerequisites',
        tags: ['deep-why'],
        summary: 'Las 7 áreas con menor calificación (con tus textos de las actividades 2 y 3), tus respuestas y tu selección',
        response: { 200: envelope(Prerequisites), ...userErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      // Reads come from the read models.
      const [ratings, texts, deepWhy, completed] = await Promise.all([
        ratingsOf(pool, user.id),
        areaTextsOf(pool, user.id),
        deepWhyOf(pool, user.id),
        hasCompleted(pool, user.id, DEEP_WHY_ACTIVITY),
      ]);
      const text = (activityId: string, areaId: string) => texts.find((t) => t.activityId === activityId && t.areaId === areaId)?.definition ?? null;
      const targetAreas = targetAreaIds(ratings).map((id) => ({
        id,
        score: ratings[id] ?? null,
        title: areaById(id)!.title,
        currentText: text(AREA_BELIEFS_ACTIVITY, id),
        futureText: text(AREA_VISION_ACTIVITY, id),
      }));
      return {
        success: true as const,
        message: 'Tu punto de partida para los 7 niveles del porqué.',
        data: {
          targetAreas,
          whyAnswers: deepWhy?.answers ?? {},
          selectedAreaIds: deepWhy?.selectedAreaIds ?? [],
          // Started again since its completion: the course keeps it, but this round has no summary yet.
          isCompleted: completed && !deepWhy?.restarted,
        },
      };
    },
  );

  app.post(
    '/api/activity/saveWhySelection',
    {
      schema: {
        operationId: 'saveWhySelection',
        tags: ['deep-why'],
        summary: 'Guarda las 3 áreas de enfoque (elegidas entre las 7 con menor calificación)',
        body: z.strictObject({ activityId: activityField, selectedAreaIds: z.array(z.enum(AREA_IDS, 'Área desconocida.'), 'Elige tres áreas.').max(12) }),
        response: { 200: envelope(z.array(z.string())), ...userErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      deepWhyActivity(request.body.activityId);
      const command: DeepWhyCommand = {
        type: 'SelectAreas',
        userId: user.id,
        roles: user.roles,
        areaIds: request.body.selectedAreaIds,
        eventId: eventIdFor(request, 0),
      };
      const result = await handleCommand(
        store,
        learnerStreamId(user.id),
        learnerFold,
        (s) => ({ events: decideDeepWhy(command, s) }),
        keyedWrite(request, user.id),
      );
      const saved = (result.events[0]?.data as { areaIds?: string[] } | undefined)?.areaIds ?? [...new Set(request.body.selectedAreaIds)];
      return { success: true as const, message: 'Selección guardada.', data: saved };
    },
  );

  app.post(
    '/api/activity/saveWhyAnswer',
    {
      schema: {
        operationId: 'saveWhyAnswer',
        tags: ['deep-why'],
        summary: 'Guarda la respuesta de un nivel (0 a 6) en una de las áreas elegidas',
        body: z.strictObject({
          activityId: activityField,
          areaId: z.enum(AREA_IDS, 'Área desconocida.'),
          levelIndex: z
            .number('El nivel debe ser un número del 0 al 6.')
            .int('El nivel debe ser un número del 0 al 6.')
            .min(0, 'El nivel debe ser un número del 0 al 6.')
            .max(WHY_LEVELS - 1, 'El nivel debe ser un número del 0 al 6.'),
          answer: z
            .string(ANSWER_REQUIRED)
            .trim()
            .min(1, ANSWER_REQUIRED)
            .max(MAX_ANSWER, `Tu respuesta puede tener hasta ${MAX_ANSWER.toLocaleString('es')} caracteres.`),
        }),
        response: { 200: envelope(z.null()), ...userErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      deepWhyActivity(request.body.activityId);
      const { areaId, levelIndex, answer } = request.body;
      const command: DeepWhyCommand = { type: 'AnswerLevel', userId: user.id, roles: user.roles, areaId, levelIndex, answer, eventId: eventIdFor(request, 0) };
      await handleCommand(store, learnerStreamId(user.id), learnerFold, (s) => ({ events: decideDeepWhy(command, s) }), keyedWrite(request, user.id));
      return { success: true as const, message: 'Respuesta guardada.', data: null };
    },
  );

  app.post(
    '/api/activity/restartDeepWhy',
    {
      schema: {
        operationId: 'restartDeepWhy',
        tags: ['deep-why'],
        summary: "'Rehacer Ejercicio': deja de lado las áreas elegidas y sus respuestas y vuelve a la elección (la actividad sigue completada en el temario)",
        body: z.strictObject({ activityId: activityField }),
        response: { 200: envelope(z.null()), ...userErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      deepWhyActivity(request.body.activityId);
      const command: DeepWhyCommand = { type: 'Restart', userId: user.id, roles: user.roles, eventId: eventIdFor(request, 0) };
      await handleCommand(store, learnerStreamId(user.id), learnerFold, (s) => ({ events: decideDeepWhy(command, s) }), keyedWrite(request, user.id));
      return { success: true as const, message: 'Ejercicio reiniciado.', data: null };
    },
  );
};

export default deepWhyRoutes;
