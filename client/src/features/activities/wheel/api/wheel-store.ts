// The wheel's data in the activity store (lib/activity): a learner's on the server (wheel-queries.ts), a guest's in
// this browser as activityData['12-areas-balance'] = { ratings } and activityData[activity 2 or 3] = { definitions }
// — the shapes the account's guest sync reads.
import { areasByEarlierScore, LIFE_AREAS, type LifeArea } from '../../../../../../course/areas';
import { WHEEL_ACTIVITY } from '../../../../../../course/activities';
import type { DefinitionActivity } from '../../../../../../course/wheel';
import { COMPLETE_ERROR } from '../../../../components/CompleteActivity/CompleteActivity';
import { activityData } from '../../../../lib/activity/use-activity-data';
import type { Completion, Write } from '../../../../lib/activity/use-activity-write';
import { readGuestProgress, saveGuestActivityData } from '../../../../lib/guest-progress';
import { guestDefinitions, guestRatings, storedObject } from '../lib/wheel-data';
import { SAVE_DEFINITION_ERROR, SAVE_RATING_ERROR, wheelMutations, wheelQueries, type AreaDefinitions, type Ratings } from './wheel-queries';

export const RATING_FAILED = 'No se pudo guardar tu calificación. Por favor, inténtalo de nuevo.';
const COMPLETE_LOG = 'No se pudo marcar la actividad como completada.';

/** The wheel's scores. */
export const ratings = activityData({
  browser: (saved): Ratings => guestRatings(saved[WHEEL_ACTIVITY]),
  server: wheelQueries.ratings,
});

/** One area's score; a failure is said in an alert. */
export const saveRating: Write<{ areaId: string; score: number }, Ratings> = {
  browser: ({ areaId, score }) => {
    const stored = storedObject(readGuestProgress().activityData[WHEEL_ACTIVITY]);
    const next = { ...guestRatings(stored), [areaId]: score };
    saveGuestActivityData(WHEEL_ACTIVITY, { ...stored, ratings: next });
    return next;
  },
  server: wheelMutations.saveRating,
  failure: { says: RATING_FAILED, alert: true, logs: SAVE_RATING_ERROR },
};

/** The wheel's completion, a guest's scores with it; a failure is said in an alert. */
export const wheelCompletion: Completion = {
  browser: (saved) => ({ ...storedObject(saved[WHEEL_ACTIVITY]), ratings: guestRatings(saved[WHEEL_ACTIVITY]) }),
  failure: { says: COMPLETE_ERROR, alert: true, logs: 'No se pudo completar la Rueda de la Vida.' },
};

/**
 * Activities 2 and 3: the texts written so far, the wheel's scores and the order of the areas — a learner's
 * weakest first by those scores, a guest's in the wheel's own order.
 */
export type Definitions = { definitions: Record<string, string>; ratings: Ratings; order: readonly LifeArea[] };

export const definitions = (slug: DefinitionActivity) =>
  activityData({
    browser: (saved): Definitions => ({ definitions: guestDefinitions(saved[slug]), ratings: guestRatings(saved[WHEEL_ACTIVITY]), order: LIFE_AREAS }),
    server: () => ({
      ...wheelQueries.areaDefinitions(slug),
      select: (stored: AreaDefinitions): Definitions => ({ ...stored, order: areasByEarlierScore(stored.ratings) }),
    }),
  });

/** One area's text; a failure is handed back, in the server's words when it gives some. */
export const saveDefinition: Write<{ activityId: DefinitionActivity; areaId: string; definition: string }, void> = {
  browser: ({ activityId, areaId, definition }) => {
    const stored = storedObject(readGuestProgress().activityData[activityId]);
    saveGuestActivityData(activityId, { ...stored, definitions: { ...guestDefinitions(stored), [areaId]: definition } });
  },
  server: wheelMutations.saveAreaDefinition,
  failure: { says: SAVE_DEFINITION_ERROR, serverWords: true },
};

/** Activity 2's or 3's completion, a guest's texts with it. */
export const definitionsCompletion = (slug: DefinitionActivity): Completion => ({
  browser: (saved) => storedObject(saved[slug]),
  failure: { says: COMPLETE_ERROR, logs: COMPLETE_LOG },
});
