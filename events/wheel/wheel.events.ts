// The life wheel (activity 1) and the two area-definition activities (2: beliefs, 3: future vision).
import { z } from 'zod';
import { AREA_IDS, MAX_SCORE, MIN_SCORE } from '../../course/areas';
import { DEFINITION_ACTIVITIES, MAX_DEFINITION } from '../../course/wheel';
import { defineEvent } from '../store/catalog';
import { userSubject } from '../store/sealing';

const areaId = z.enum(AREA_IDS);

export const AreaRated = defineEvent('AreaRated', 1, z.strictObject({ userId: z.uuid(), areaId, score: z.number().int().min(MIN_SCORE).max(MAX_SCORE) }));

export const AreaDefinitionSaved = defineEvent(
  'AreaDefinitionSaved',
  1,
  z.strictObject({
    userId: z.uuid(),
    activityId: z.enum(DEFINITION_ACTIVITIES),
    areaId,
    definition: z.string().trim().min(1).max(MAX_DEFINITION),
  }),
  { personal: { subject: (d) => userSubject(d.userId), fields: ['definition'] } },
);

export const wheelEvents = [AreaRated, AreaDefinitionSaved] as const;
