// The life wheel (activity 1) and the two area-definition activities (2: beliefs, 3: future vision).
import { z } from 'zod';
import { AREA_IDS, MAX_SCORE, MIN_SCORE } from '../../course/areas';
import { defineEvent } from '../store/catalog';

export const WHEEL_ACTIVITY = '12-areas-balance';
export const DEFINITION_ACTIVITIES = ['concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro'] as const;
export type DefinitionActivity = (typeof DEFINITION_ACTIVITIES)[number];
export const MAX_DEFINITION = 10_000;

const areaId = z.enum(AREA_IDS);

export const AreaRated = defineEvent(
  'AreaRated',
  1,
  z.strictObject({ userId: z.uuid(), areaId, score: z.number().int().min(MIN_SCORE).max(MAX_SCORE) }),
);

export const AreaDefinitionSaved = defineEvent(
  'AreaDefinitionSaved',
  1,
  z.strictObject({
    userId: z.uuid(),
    activityId: z.enum(DEFINITION_ACTIVITIES),
    areaId,
    definition: z.string().trim().min(1).max(MAX_DEFINITION),
  }),
);

export const wheelEvents = [AreaRated, AreaDefinitionSaved] as const;
