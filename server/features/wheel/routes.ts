// /api/activity/* of activities 1–3: ratings of the 12 areas, and the beliefs / vision per area.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { AREA_IDS, MAX_SCORE, MIN_SCORE } from '../../../course/areas';
import { WHEEL_ACTIVITY } from '../../../course/activities';
import { DEFINITION_ACTIVITIES, type DefinitionActivity, MAX_DEFINITION } from '../../../course/wheel';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { learnerFold } from '../../../events/learner';
import { knownActivity } from '../../../events/course/course';
import { InvalidError } from '../../../events/errors';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { areaTextsOf, ratingsOf } from '../../../events/wheel/queries';
import { decideWheel, type WheelCommand } from '../../../events/wheel/wheel';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { requireUser } from '../../plugins/auth';
import { eventIdFor, keyedWrite } from '../../request';

const UNKNOWN_AREA = 'Área desconocida: revisa el área que quieres guardar.';
const BAD_SCORE = `La calificación debe ser un número entero del ${MIN_SCORE} al ${MAX_SCORE}.`;
const BLANK = 'Por favor, escribe tu respuesta para esta área.';
const TOO_LONG = `Tu respuesta puede tener hasta ${MAX_DEFINITION.toLocaleString('es')} caracteres.`;
const NOT_THIS = 'Esta actividad no guarda esa información.';

const activityField = z.string('Falta la actividad.').min(1, 'Falta la actividad.').max(100, NOT_THIS);
const areaField = z.enum(AREA_IDS, UNKNOWN_AREA);
const Ratings = z.record(z.string(), z.number().int()).describe('Área → calificación de 0 a 10');
const Definitions = z.record(z.string(), z.string()).describe('Área → texto');
const userErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope } as const;

function wheelActivity(activityId: string): typeof WHEEL_ACTIVITY {
  if (knownActivity(activityId) !== WHEEL_ACTIVITY) throw new InvalidError(NOT_THIS);
  return WHEEL_ACTIVITY;
}

function definitionActivity(activityId: string): DefinitionActivity {
  const slug = knownActivity(activityId);
  if (!(DEFINITION_ACTIVITIES as readonly string[]).includes(slug)) throw new InvalidError(NOT_THIS);
  return slug as DefinitionActivity;
}

const wheelRoutes: FastifyPluginAsyncZod<{ store: EventStore; pool: pg.Pool }> = async (app, { store, pool }) => {
  app.get(
    '/api/activity/getActivityRatings',
    {
      schema: {
        operationId: 'getActivityRatings',
        tags: ['wheel'],
        summary: 'Las calificaciones actuales de las 12 áreas (la última de cada una)',
        querystring: z.object({ activityId: activityField }),
        response: { 200: envelope(Ratings), ...userErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      wheelActivity(request.query.activityId);
      return { success: true as const, message: 'Calificaciones.', data: await ratingsOf(pool, user.id) };
    },
  );

  app.post(
    '/api/activity/saveRating',
    {
      schema: {
        operationId: 'saveRating',
        tags: ['wheel'],
        summary: 'Guarda la calificación de un área (0 a 10)',
        body: z.strictObject({
          activityId: activityField,
          areaId: areaField,
          score: z.number(BAD_SCORE).int(BAD_SCORE).min(MIN_SCORE, BAD_SCORE).max(MAX_SCORE, BAD_SCORE),
        }),
        response: { 200: envelope(Ratings), ...userErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      wheelActivity(request.body.activityId);
      const { areaId, score } = request.body;
      const command: WheelCommand = { type: 'RateArea', userId: user.id, roles: user.roles, areaId, score, eventId: eventIdFor(request, 0) };
      const { state } = await handleCommand(
        store,
        learnerStreamId(user.id),
        learnerFold,
        (s) => ({ events: decideWheel(command, s) }),
        keyedWrite(request, user.id),
      );
      // The ratings as of this write (of the first copy, for a retry), folded from the stream.
      return { success: true as const, message: 'Calificación guardada.', data: state.wheel.ratings };
    },
  );

  app.get(
    '/api/activity/getAreaDefinitions',
    {
      schema: {
        operationId: 'getAreaDefinitions',
        tags: ['wheel'],
        summary: 'Los textos por área de la actividad (creencias o visión) y las calificaciones de la rueda',
        querystring: z.object({ activityId: activityField }),
        response: { 200: envelope(z.object({ definitions: Definitions, ratings: Ratings })), ...userErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const activityId = definitionActivity(request.query.activityId);
      const texts = await areaTextsOf(pool, user.id, { activityId });
      return {
        success: true as const,
        message: 'Respuestas por área.',
        data: { definitions: Object.fromEntries(texts.map((t) => [t.areaId, t.definition])), ratings: await ratingsOf(pool, user.id) },
      };
    },
  );

  app.post(
    '/api/activity/saveAreaDefinition',
    {
      schema: {
        operationId: 'saveAreaDefinition',
        tags: ['wheel'],
        summary: 'Guarda el texto de un área (creencias en la actividad 2, visión en la 3)',
        body: z.strictObject({
          activityId: activityField,
          areaId: areaField,
          definition: z.string(BLANK).trim().min(1, BLANK).max(MAX_DEFINITION, TOO_LONG),
        }),
        response: { 200: envelope(z.null()), ...userErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const activityId = definitionActivity(request.body.activityId);
      const { areaId, definition } = request.body;
      const command: WheelCommand = { type: 'DefineArea', userId: user.id, roles: user.roles, activityId, areaId, definition, eventId: eventIdFor(request, 0) };
      await handleCommand(store, learnerStreamId(user.id), learnerFold, (s) => ({ events: decideWheel(command, s) }), keyedWrite(request, user.id));
      return { success: true as const, message: 'Respuesta guardada.', data: null };
    },
  );
};

export default wheelRoutes;
