// The activities with a body of their own, by slug, each loaded with its activity only (the wheel's carries d3).
// Built here, where features meet: the meditation's body is its own feature's, the others the activity host's.
import { lazy } from 'react';
import {
  AREA_BELIEFS_ACTIVITY,
  AREA_VISION_ACTIVITY,
  BELIEF_THRESHOLD_ACTIVITY,
  BREATHING_ACTIVITY,
  CONSCIOUSNESS_ACTIVITY,
  DEEP_WHY_ACTIVITY,
  FIRST_COACHING_SESSION_ACTIVITY,
  FIVE_LAWS_ACTIVITY,
  MEDITATION_ACTIVITY,
  WHEEL_ACTIVITY,
} from '../../../../course/activities';
import type { ActivityBodies } from '../../features/activities/pages/ActivityPage';

export const ACTIVITY_BODIES: ActivityBodies = {
  [WHEEL_ACTIVITY]: lazy(() => import('../../features/activities/wheel/components/LifeWheel')),
  [AREA_BELIEFS_ACTIVITY]: lazy(() => import('../../features/activities/wheel/components/AreaDefinitions').then((m) => ({ default: m.AreaBeliefs }))),
  [AREA_VISION_ACTIVITY]: lazy(() => import('../../features/activities/wheel/components/AreaDefinitions').then((m) => ({ default: m.AreaVision }))),
  [DEEP_WHY_ACTIVITY]: lazy(() => import('../../features/activities/deep-why/components/DeepWhy')),
  [MEDITATION_ACTIVITY]: lazy(() => import('../../features/meditation/MeditationActivityBody')),
  [CONSCIOUSNESS_ACTIVITY]: lazy(() => import('../../features/activities/consciousness/components/ConsciousnessLevels')),
  [FIRST_COACHING_SESSION_ACTIVITY]: lazy(() => import('../../features/activities/first-coaching-session/components/FirstCoachingSession')),
  [BELIEF_THRESHOLD_ACTIVITY]: lazy(() => import('../../features/activities/belief-threshold/components/BeliefThreshold')),
  [BREATHING_ACTIVITY]: lazy(() => import('../../features/activities/breathing/components/BreathingTool')),
  [FIVE_LAWS_ACTIVITY]: lazy(() => import('../../features/activities/five-laws/components/FiveLaws')),
};
