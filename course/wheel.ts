// The wheel's two writing activities, which follow the life wheel area by area: what one believes about each
// area today, and how it looks from the life one chooses. The areas themselves are in areas.ts.
import { AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY } from './activities';

/** The activities that keep one text per area (AreaDefinitionSaved). */
export const DEFINITION_ACTIVITIES = [AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY] as const;
export type DefinitionActivity = (typeof DEFINITION_ACTIVITIES)[number];
export const MAX_DEFINITION = 10_000;
