// /api/activity/* of activity 8 (belief threshold): the learner's goals, saved whole and deleted by id.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { BELIEF_THRESHOLD_ACTIVITY } from '../../../course/activities';
import { BELIEF_REQUIRED, GOAL_TOO_SHORT, isKnownFrame, isValidGoalText, MAX_BELIEF, MAX_GOAL, TIME_FRAMES } from '../../../course/belief-threshold';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { decideBeliefThreshold, GOAL_NOT_FOUND, type BeliefThresholdCommand } from '../../../events/belief-threshold/belief-threshold';
import { goalsOf } from '../../../events/belief-threshold/queries';
import { BeliefGoalSaved } from '../../../events/belief-threshold/belief-threshold.events';
import { InvalidError, NotFoundError } from '../../../events/errors';
import { learnerFold } from '../../../events/learner';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { deterministicUuid, timeOrderedUuid } from '../../../events/store/ids';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { requireUser } from '../../plugins/auth';
import { eventIdFor, keyedWrite } from '../../request';

const NOT_THIS = 'Esta actividad no guarda esa información.';
const FRAME_MESSAGE = `El plazo debe ser uno de: ${TIME_FRAMES.map((f) => f.label).join(', ')}.`;
const userErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope } as const;

const activityField = z.string('Falta la actividad.').min(1, 'Falta la actividad.').max(100, NOT_THIS);
function beliefActivity(activityId: string) {
  if (activityId !== BELIEF_THRESHOLD_ACTIVITY) throw new InvalidError(NOT_THIS);
}

const TimeFrame = z.strictObject({ label: z.string(FRAME_MESSAGE), years: z.number(FRAME_MESSAGE) }).refine(isKnownFrame, FRAME_MESSAGE);
const Goal = z.object({
  id: z.string(),
  manifestGoal: z.string(),
  hesitations: z.array(z.object({ timeFrame: z.object({ label: z.string(), years: z.number() }), belief: z.string() })),
  currentTimeIndex: z.number(),
  perfectTimeFrameLabel: z.string().nullable(),
  perfectTimeFrameYears: z.number().nullable(),
});

const SaveBody = z
  .strictObject({
    activityId: activityField,
    id: z.uuid('Esa meta no existe.').optional().describe('Sin id: una meta nueva. Con id: reemplaza esa meta tuya.'),
    manifestGoal: z
      .string(GOAL_TOO_SHORT)
      .max(MAX_GOAL, `Tu meta puede tener hasta ${MAX_GOAL.toLocaleString('es')} caracteres.`)
      .refine(isValidGoalText, GOAL_TOO_SHORT)
      .transform((s) => s.trim()),
    hesitations: z
      .array(
        z.strictObject({
          timeFrame: TimeFrame,
          belief: z
            .string(BELIEF_REQUIRED)
            .trim()
            .min(1, BELIEF_REQUIRED)
            .max(MAX_BELIEF, `La creencia puede tener hasta ${MAX_BELIEF.toLocaleString('es')} caracteres.`),
        }),
      )
      .max(TIME_FRAMES.length * 4, 'Demasiadas dudas para una sola meta.')
      .default([]),
    currentTimeIndex: z
      .number()
      .int()
      .min(0)
      .max(TIME_FRAMES.length - 1, 'El índice de plazo no es válido.')
      .default(0),
    perfectTimeFrameLabel: z.string().nullable().default(null),
    perfectTimeFrameYears: z.number().nullable().default(null),
  })
  .refine(
    (g) =>
      (g.perfectTimeFrameLabel === null && g.perfectTimeFrameYears === null) ||
      (g.perfectTimeFrameLabel !== null &&
        g.perfectTimeFrameYears !== null &&
        isKnownFrame({ label: g.perfectTimeFrameLabel, years: g.perfectTimeFrameYears })),
    { message: FRAME_MESSAGE, path: ['perfectTimeFrameLabel'] },
  );

const beliefThresholdRoutes: FastifyPluginAsyncZod<{ store: EventStore; pool: pg.Pool }> = async (app, { store, pool }) => {
  app.get(
    '/api/activity/getBeliefThreshold',
    {
      schema: {
        operationId: 'getBeliefThreshold',
        tags: ['belief-threshold'],
        summary: 'Tus metas del umbral de creencia, en el orden en que las creaste',
        querystring: z.object({ activityId: activityField }),
        response: { 200: envelope(z.array(Goal)), ...userErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      beliefActivity(request.query.activityId);
      return { success: true as const, message: 'Tus metas.', data: await goalsOf(pool, user.id) };
    },
  );

  app.post(
    '/api/activity/saveBeliefThreshold',
    {
      schema: {
        operationId: 'saveBeliefThreshold',
        tags: ['belief-threshold'],
        summary: 'Guarda una meta (nueva, o el reemplazo de una tuya por su id) y la devuelve con su id (409 si ya tienes el máximo de metas)',
        body: SaveBody,
        response: { 200: envelope(Goal), ...userErrors, 409: ErrorEnvelope, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { activityId, ...goal } = request.body;
      beliefActivity(activityId);
      const eventId = eventIdFor(request, 0);
      const newId = eventId ? deterministicUuid('belief-goal', eventId) : timeOrderedUuid();
      const command: BeliefThresholdCommand = { type: 'SaveGoal', userId: user.id, roles: user.roles, goal, newId, eventId };
      const { events, state } = await handleCommand(
        store,
        learnerStreamId(user.id),
        learnerFold,
        (s) => ({ events: decideBeliefThreshold(command, s) }),
        keyedWrite(request, user.id),
      );
      // The goal as this request left it (as the first copy did, for a retry), even if deleted since.
      const saved = state.beliefGoals.goals[events.find(BeliefGoalSaved.is)?.data.goalId ?? goal.id ?? newId];
      if (!saved) throw new NotFoundError(GOAL_NOT_FOUND);
      return { success: true as const, message: 'Meta guardada.', data: saved };
    },
  );

  app.post(
    '/api/activity/deleteBeliefThresholdGoal',
    {
      schema: {
        operationId: 'deleteBeliefThresholdGoal',
        tags: ['belief-threshold'],
        summary: 'Elimina una de tus metas (no se puede deshacer)',
        body: z.strictObject({ id: z.uuid('Esa meta no existe.') }),
        response: { 200: envelope(z.null()), ...userErrors, ...keyedWriteErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const command: BeliefThresholdCommand = {
        type: 'DeleteGoal',
        userId: user.id,
        roles: user.roles,
        goalId: request.body.id,
        eventId: eventIdFor(request, 0),
      };
      await handleCommand(store, learnerStreamId(user.id), learnerFold, (s) => ({ events: decideBeliefThreshold(command, s) }), keyedWrite(request, user.id));
      return { success: true as const, message: 'Meta eliminada.', data: null };
    },
  );
};

export default beliefThresholdRoutes;
