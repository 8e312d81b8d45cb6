// A learner's journey as the coach replays it: the learner's stream (and the coach's notes) folded with
// the same pure evolves the projections and decisions use, up to any moment. One source of truth.
import { AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY } from '../../course/activities';
import { evolveBeliefGoals, initialBeliefGoals, type BeliefGoalsState } from '../belief-threshold/belief-threshold';
import { evolveProgress, initialProgress, type ProgressState } from '../course/course';
import { evolveDeepWhy, initialDeepWhy, type DeepWhyState } from '../deep-why/deep-why';
import { evolveMeditation, initialMeditation, type MeditationState } from '../meditation/meditation';
import { learnerOfStream } from '../accounts/accounts.events';
import type { SnapshotFold } from '../store/snapshots';
import type { RecordedEvent } from '../store/types';
import { evolveWheel, initialWheel, type WheelState } from '../wheel/wheel';
import { AreaRated } from '../wheel/wheel.events';
import { CoachNoteAdded } from './coach.events';

export interface CoachNote {
  id: string;
  text: string;
  coachId: string;
  createdAt: string;
  globalPosition: number;
}

export interface JourneyState {
  progress: ProgressState;
  wheel: WheelState;
  deepWhy: DeepWhyState;
  meditation: MeditationState;
  beliefGoals: BeliefGoalsState;
  notes: readonly CoachNote[];
  /** The wheel's first complete-ish picture: each area's first rating (for the radar overlay). */
  firstRatings: Readonly<Record<string, number>>;
}

export const initialJourney: JourneyState = {
  progress: initialProgress,
  wheel: initialWheel,
  deepWhy: initialDeepWhy,
  meditation: initialMeditation,
  beliefGoals: initialBeliefGoals,
  notes: [],
  firstRatings: {},
};

export function evolveJourney(s: JourneyState, e: RecordedEvent): JourneyState {
  const firstRatings = AreaRated.is(e) && !(e.data.areaId in s.firstRatings) ? { ...s.firstRatings, [e.data.areaId]: e.data.score } : s.firstRatings;
  return {
    progress: evolveProgress(s.progress, e),
    wheel: evolveWheel(s.wheel, e),
    deepWhy: evolveDeepWhy(s.deepWhy, e),
    meditation: evolveMeditation(s.meditation, e),
    beliefGoals: evolveBeliefGoals(s.beliefGoals, e),
    notes: CoachNoteAdded.is(e)
      ? [...s.notes, { id: e.data.noteId, text: e.data.text, coachId: e.data.coachId, createdAt: e.recordedAt.toISOString(), globalPosition: e.globalPosition }]
      : s.notes,
    firstRatings,
  };
}

/**
 * The journey fold persisted for the learner's stream alone (its snapshots hold no notes). The coach's notes are
 * a stream of their own, which only `notes` reads and which touches nothing else, so the journey at a position is
 * this fold's snapshot, then the learner's later events and the notes up to there, in global order.
 */
export const journeyFold: SnapshotFold<JourneyState> = {
  initial: initialJourney,
  evolve: evolveJourney,
  snapshot: { name: 'journey', source: import.meta.url, owner: learnerOfStream },
};

/** Folds events (in global order) up to and including `at` (a global position; all when undefined). */
export function journeyAt(events: readonly RecordedEvent[], at?: number): JourneyState {
  let state = initialJourney;
  for (const e of events) {
    if (at !== undefined && e.globalPosition > at) break;
    state = evolveJourney(state, e);
  }
  return state;
}

/** The state the coach's page shows, in the API's shape. */
export function journeyView(s: JourneyState) {
  return {
    ratings: { ...s.wheel.ratings },
    firstRatings: { ...s.firstRatings },
    beliefs: { ...s.wheel.definitions[AREA_BELIEFS_ACTIVITY] },
    visions: { ...s.wheel.definitions[AREA_VISION_ACTIVITY] },
    why: { selectedAreaIds: [...s.deepWhy.selectedAreaIds], answers: Object.fromEntries(Object.entries(s.deepWhy.answers).map(([k, v]) => [k, [...v]])) },
    completedSlugs: [...s.progress.completed],
    meditation: {
      totalSeconds: s.meditation.totalSeconds,
      sessions: s.meditation.sessions,
      revelations: s.meditation.revelations.map((r) => ({ ...r })),
    },
    beliefGoals: Object.values(s.beliefGoals.goals),
    coachNotes: s.notes.map((n) => ({ ...n })),
  };
}
export type JourneyView = ReturnType<typeof journeyView>;
