// Guest data of activities 1–3 becomes the events a learner would have written.
import { z } from 'zod';
import { AREA_IDS, MAX_SCORE, MIN_SCORE } from '../../course/areas';
import { WHEEL_ACTIVITY } from '../../course/activities';
import { DEFINITION_ACTIVITIES, MAX_DEFINITION, type DefinitionActivity } from '../../course/wheel';
import type { GuestTranslator } from '../course/guest-sync';
import { AreaDefinitionSaved, AreaRated } from './wheel.events';

const area = z.enum(AREA_IDS);
const Ratings = z.looseObject({ ratings: z.partialRecord(area, z.number().int().min(MIN_SCORE).max(MAX_SCORE)).optional() });
const Definitions = z.looseObject({ definitions: z.partialRecord(area, z.string().max(MAX_DEFINITION)).optional() });

export const ratingsGuestTranslator: GuestTranslator<unknown, typeof Ratings> = {
  name: 'ratings',
  slugs: [WHEEL_ACTIVITY],
  schema: Ratings,
  translate: (data, { userId, eventId }) =>
    Object.entries(data.ratings ?? {}).map(([areaId, score], i) => AreaRated.create({ userId, areaId, score: score! }, { eventId: eventId(i) })),
};

export const definitionsGuestTranslator: GuestTranslator<unknown, typeof Definitions> = {
  name: 'definitions',
  slugs: DEFINITION_ACTIVITIES,
  schema: Definitions,
  translate: (data, { userId, slug, eventId }) =>
    Object.entries(data.definitions ?? {})
      .filter(([, text]) => text!.trim() !== '')
      .map(([areaId, definition], i) =>
        AreaDefinitionSaved.create({ userId, activityId: slug as DefinitionActivity, areaId, definition: definition!.trim() }, { eventId: eventId(i) }),
      ),
};
