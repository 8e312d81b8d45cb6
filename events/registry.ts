// Every event type, every projection and every guest-progress translator of the application, in one place
// (composition root of events/).
import { accountEvents } from './accounts/accounts.events';
import { beliefThresholdEvents } from './belief-threshold/belief-threshold.events';
import { beliefThresholdGoalsProjection } from './belief-threshold/projections/belief-threshold-goals';
import { usersProjection } from './accounts/projections/users';
import { courseEvents } from './course/course.events';
import type { GuestTranslator } from './course/guest-sync';
import { reflectionGuestTranslator } from './course/lesson-guest-sync';
import { completionsProjection } from './course/projections/completions';
import { reflectionsProjection } from './course/projections/reflections';
import { deepWhyGuestTranslator } from './deep-why/deep-why-guest-sync';
import { deepWhyEvents } from './deep-why/deep-why.events';
import { deepWhyProjection } from './deep-why/projections/deep-why';
import { leadEvents } from './leads/leads.events';
import { paymentEvents } from './payments/payments.events';
import { entitlementsProjection, paymentsProjection } from './payments/projections/payments';
import { analyticsProjections } from './analytics/analytics';
import { coachEvents } from './coach/coach.events';
import { erasureEvents } from './erasure/erasure.events';
import type { LearnerState } from './learner';
import { meditationEvents } from './meditation/meditation.events';
import { meditationTotalsProjection, revelationsProjection } from './meditation/projections/meditation';
import { areaDefinitionsProjection, areaRatingsProjection } from './wheel/projections/wheel';
import { definitionsGuestTranslator, ratingsGuestTranslator } from './wheel/wheel-guest-sync';
import { wheelEvents } from './wheel/wheel.events';
import { leadDailyCountsProjection } from './leads/projections/lead-daily-counts';
import { leadsProjection } from './leads/projections/leads';
import { EventCatalog } from './store/catalog';
import type { Projection } from './store/projection';

export const createCatalog = () =>
  new EventCatalog([
    ...leadEvents,
    ...accountEvents,
    ...courseEvents,
    ...wheelEvents,
    ...deepWhyEvents,
    ...meditationEvents,
    ...beliefThresholdEvents,
    ...paymentEvents,
    ...coachEvents,
    ...erasureEvents,
  ]);

export const projections: readonly Projection[] = [
  usersProjection,
  completionsProjection,
  reflectionsProjection,
  areaRatingsProjection,
  areaDefinitionsProjection,
  deepWhyProjection,
  revelationsProjection,
  meditationTotalsProjection,
  beliefThresholdGoalsProjection,
  paymentsProjection,
  entitlementsProjection,
  leadsProjection,
  leadDailyCountsProjection,
  ...analyticsProjections,
];

/** The translators of a guest's progress, in the order an activity's parts become events. */
export const guestTranslators: readonly GuestTranslator<LearnerState>[] = [
  reflectionGuestTranslator,
  deepWhyGuestTranslator,
  ratingsGuestTranslator,
  definitionsGuestTranslator,
];
