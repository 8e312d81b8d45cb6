// Every event type and every projection of the application, in one place (composition root of events/).
import { accountEvents } from './accounts/accounts.events';
import { beliefThresholdEvents } from './belief-threshold/belief-threshold.events';
import { beliefThresholdGoalsProjection } from './belief-threshold/projections/belief-threshold-goals';
import { usersProjection } from './accounts/projections/users';
import { courseEvents } from './course/course.events';
import './course/lesson-guest-sync';
import { completionsProjection } from './course/projections/completions';
import { reflectionsProjection } from './course/projections/reflections';
import './deep-why/deep-why-guest-sync';
import { deepWhyEvents } from './deep-why/deep-why.events';
import { deepWhyProjection } from './deep-why/projections/deep-why';
import { leadEvents } from './leads/leads.events';
import { paymentEvents } from './payments/payments.events';
import { entitlementsProjection, paymentsProjection } from './payments/projections/payments';
import { analyticsProjections } from './analytics/analytics';
import { coachEvents } from './coach/coach.events';
import { meditationEvents } from './meditation/meditation.events';
import { meditationTotalsProjection, revelationsProjection } from './meditation/projections/meditation';
import { areaDefinitionsProjection, areaRatingsProjection } from './wheel/projections/wheel';
import './wheel/wheel-guest-sync';
import { wheelEvents } from './wheel/wheel.events';
import { leadDailyCountsProjection } from './leads/projections/lead-daily-counts';
import { leadsProjection } from './leads/projections/leads';
import { EventCatalog } from './store/catalog';
import type { Projection } from './store/projection';

export const createCatalog = () => new EventCatalog([...leadEvents, ...accountEvents, ...courseEvents, ...wheelEvents, ...deepWhyEvents, ...meditationEvents, ...beliefThresholdEvents, ...paymentEvents, ...coachEvents]);

export const projections: readonly Projection[] = [usersProjection, completionsProjection, reflectionsProjection, areaRatingsProjection, areaDefinitionsProjection, deepWhyProjection, revelationsProjection, meditationTotalsProjection, beliefThresholdGoalsProjection, paymentsProjection, entitlementsProjection, leadsProjection, leadDailyCountsProjection, ...analyticsProjections];
