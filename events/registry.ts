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
import { entitlementsProjection, paymentsProjection, purchasesProjection } from './payments/projections/payments';
import { analyticsProjections } from './analytics/analytics';
import { coachEvents } from './coach/coach.events';
import { learnerProgressProjection } from './coach/projections/learner-list';
import { erasureEvents } from './erasure/erasure.events';
import { siteEvents } from './site/site.events';
import { catalogueEvents } from './catalogue/catalogue.events';
import type { LearnerState } from './learner';
import { meditationEvents } from './meditation/meditation.events';
import { meditationTotalsProjection, revelationsProjection } from './meditation/projections/meditation';
import { areaDefinitionsProjection, areaRatingsProjection } from './wheel/projections/wheel';
import { definitionsGuestTranslator, ratingsGuestTranslator } from './wheel/wheel-guest-sync';
import { wheelEvents } from './wheel/wheel.events';
import { leadDailyCountsProjection } from './leads/projections/lead-daily-counts';
import { leadsProjection } from './leads/projections/leads';
import { forgetSubscriber, subscribersProjection } from './leads/projections/subscribers';
import { testimonialEvents } from './testimonials/testimonials.events';
import { testimonialsProjection } from './testimonials/projections/testimonials';
import { mediaEvents } from './media/media.events';
import { placementEvents } from './placements/placements.events';
import { mediaProjection } from './media/projections/media';
import { letterEvents } from './newsletter/letters.events';
import { lettersProjection } from './newsletter/projections/letters';
import { letterSendEvents } from './letter-sends/letter-sends.events';
import { letterSendsProjection } from './letter-sends/projections/letter-sends';
import { forgetLetterRows, letterUnsubscribesProjection } from './letter-sends/projections/letter-unsubscribes';
import { sequenceEvents } from './sequences/sequences.events';
import { forgetEnrolments, sequenceEnrolmentsProjection, sequenceStepsProjection } from './sequences/projections/sequences';
import { forgetting, learnerRows, subjectAddresses, subjectRows } from './erasure/forgetting';
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
    ...testimonialEvents,
    ...siteEvents,
    ...catalogueEvents,
    ...mediaEvents,
    ...placementEvents,
    ...letterEvents,
    ...letterSendEvents,
    ...sequenceEvents,
  ]);

const own = { skipRedacted: true };

/**
 * Every read model, with what it does when a person is forgotten (PersonForgotten): a learner's rows go (payments
 * and purchases keep their amounts and ids, which the law asks for, and hold no name; a guest buyer's address is
 * blanked); a lead address's rows go (its subscription too);
 * the funnel keeps its counts and loses the account's address hash.
 */
export const projections: readonly Projection[] = [
  forgetting(usersProjection, learnerRows('users'), own),
  forgetting(completionsProjection, learnerRows('completions'), own),
  forgetting(reflectionsProjection, learnerRows('reflections'), own),
  forgetting(learnerProgressProjection, learnerRows('learner_progress'), own),
  forgetting(areaRatingsProjection, learnerRows('area_ratings'), own),
  forgetting(areaDefinitionsProjection, learnerRows('area_definitions'), own),
  forgetting(deepWhyProjection, learnerRows('deep_why'), own),
  forgetting(revelationsProjection, learnerRows('revelations'), own),
  forgetting(meditationTotalsProjection, learnerRows('meditation_totals'), own),
  forgetting(beliefThresholdGoalsProjection, learnerRows('belief_threshold_goals'), own),
  paymentsProjection,
  // A guest's purchase keeps its row with the address blanked; read again after an erasure it keeps it without one.
  forgetting(purchasesProjection, subjectAddresses('purchases'), { skipRedacted: false }),
  forgetting(entitlementsProjection, learnerRows('entitlements'), own),
  // Before the leads and subscribers rows go: they name the address's stream. Its letter deliveries go too.
  forgetting(letterUnsubscribesProjection, forgetLetterRows, own),
  forgetting(leadsProjection, subjectRows('leads'), own),
  // A subscriber's row goes, with the confirmation links of its mails.
  forgetting(subscribersProjection, forgetSubscriber, own),
  leadDailyCountsProjection,
  // A removed testimonial's row goes with its TestimonialRemoved (its key is deleted in the same transaction).
  testimonialsProjection,
  // The library's rows; the bytes they name (media_blobs) are content, kept by a rebuild.
  mediaProjection,
  // The coach's letters: her own public writing, no one's personal data.
  lettersProjection,
  // A letter's sends: the letter as scheduled, no personal data (the recipients are delivery rows).
  letterSendsProjection,
  // The welcome sequences' steps: the coach's own writing, like the letters.
  sequenceStepsProjection,
  // Who is in a welcome sequence: an address's enrolments go with it, and the steps queued to it.
  forgetting(sequenceEnrolmentsProjection, forgetEnrolments, own),
  ...analyticsProjections,
];

/** The translators of a guest's progress, in the order an activity's parts become events. */
export const guestTranslators: readonly GuestTranslator<LearnerState>[] = [
  reflectionGuestTranslator,
  deepWhyGuestTranslator,
  ratingsGuestTranslator,
  definitionsGuestTranslator,
];
