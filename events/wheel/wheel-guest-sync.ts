// Guest data of activities 1–3 becomes the events a learner would have written.
import { z } from 'zod';
import { AREA_IDS, MAX_SCORE, MIN_SCORE } from '../../course/areas';
import { WHEEL_ACTIVITY } from '../../course/activities';
import { DEFINITION_ACTIVITIES, MAX_DEFINITION } from '../../course/wheel';
import { registerGuestTranslator } from '../course/guest-sync';
import { AreaDefinitionSaved, AreaRated } from './wheel.events';

const area = z.enum(AREA_IDS);

registerGuestTranslator(WHEEL_ACTIVITY, {
  name: 'ratings',
  schema: z.looseObject({ ratings: z.partialRecord(area, z.number().int().min(MIN_SCORE).max(MAX_SCORE)).optional() }),
  translate: (data, { userId, eventId }) =>
    Object.entries(data.ratings ?? {}).map(([areaId, score], i) => AreaRated.create({ userId, areaId, score: score! }, { eventId: eventId(i) })),
});

for (const activityId of DEFINITION_ACTIVITIES) {
  registerGuestTranslator(activityId, {
    name: 'definitions',
    schema: z.looseObject({ definitions: z.partialRecord(area, z.string().max(MAX_DEFINITION)).optional() }),
    translate: (data, { userId, eventId }) =>
      Object.entries(data.definitions ?? {})
        .filter(([, text]) => text!.trim() !== '')
        .map(([areaId, definition], i) => AreaDefinitionSaved.create({ userId, activityId, areaId, definition: definition!.trim() }, { eventId: eventId(i) })),
  });
}
