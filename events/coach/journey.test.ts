import { describe, expect, it } from 'vitest';
import { AREA_BELIEFS_ACTIVITY, WHEEL_ACTIVITY } from '../../course/activities';
import { recorded } from '../../tests/setup/recorded';
import { ConflictError } from '../errors';
import { createCatalog } from '../registry';
import { decideCoach, type CoachCommand } from './coach';
import { journeyAt, journeyView } from './journey';
import { MAX_NOTES_PER_LEARNER, notesFold, TOO_MANY_NOTES } from './notes';

const learnerId = '00000000-0000-4000-8000-00000000c001';
const coachId = '00000000-0000-4000-8000-00000000c009';
const noteId = '00000000-0000-4000-8000-00000000c0aa';
const userId = learnerId;

// A learner's stream and the coach's notes, in global order (recorded() numbers them as they are made).
const journey = [
  recorded('AreaRated', { userId, areaId: 'finances', score: 2 }, { recordedAt: new Date('2026-03-01T10:00:00Z') }),
  recorded('AreaRated', { userId, areaId: 'career', score: 6 }),
  recorded('ActivityCompleted', { userId, activityId: WHEEL_ACTIVITY }),
  recorded(
    'CoachNoteAdded',
    { learnerId, noteId, coachId, text: 'Trabajar finanzas primero' },
    { streamId: `coachnotes-${learnerId}`, recordedAt: new Date('2026-03-02T09:00:00Z') },
  ),
  recorded('AreaRated', { userId, areaId: 'finances', score: 7 }),
  recorded('AreaDefinitionSaved', { userId, activityId: AREA_BELIEFS_ACTIVITY, areaId: 'finances', definition: 'Puedo ahorrar' }),
];

describe('the coach’s replay of a journey', () => {
  it('shows the learner’s state now: latest ratings next to the first ones, texts, completions and the coach’s notes', () => {
    const view = journeyView(journeyAt(journey));
    expect(view.ratings).toEqual({ finances: 7, career: 6 });
    expect(view.firstRatings).toEqual({ finances: 2, career: 6 });
    expect(view.beliefs).toEqual({ finances: 'Puedo ahorrar' });
    expect(view.completedSlugs).toEqual([WHEEL_ACTIVITY]);
    expect(view.coachNotes).toEqual([
      { id: noteId, text: 'Trabajar finanzas primero', coachId, createdAt: '2026-03-02T09:00:00.000Z', globalPosition: journey[3]!.globalPosition },
    ]);
  });

  it('at an earlier position shows the state as it was then', () => {
    const view = journeyView(journeyAt(journey, journey[2]!.globalPosition));
    expect(view.ratings).toEqual({ finances: 2, career: 6 });
    expect(view.beliefs).toEqual({});
    expect(view.coachNotes).toEqual([]);
  });

  it('an empty journey is the empty state', () => {
    expect(journeyView(journeyAt([]))).toMatchObject({
      ratings: {},
      completedSlugs: [],
      meditation: { totalSeconds: 0, sessions: 0, revelations: [] },
      beliefGoals: [],
      coachNotes: [],
    });
  });
});

describe('decideCoach', () => {
  const note: CoachCommand = { type: 'AddNote', learnerId, noteId, coachId, text: 'Buen avance' };

  it('adds a note with only the note’s fields, one the store accepts', () => {
    const [event] = decideCoach({ ...note, eventId: noteId }, notesFold.initial);
    expect([event!.type, event!.data, event!.eventId]).toEqual(['CoachNoteAdded', { learnerId, noteId, coachId, text: 'Buen avance' }, noteId]);
    expect(() => createCatalog().validate(event!)).not.toThrow();
  });

  it(`keeps at most ${MAX_NOTES_PER_LEARNER} notes on a learner: the next is refused with what to do instead`, () => {
    const notes = Array.from({ length: MAX_NOTES_PER_LEARNER }, () => recorded('CoachNoteAdded', { learnerId, noteId, coachId, text: 'n' })).reduce(
      notesFold.evolve,
      notesFold.initial,
    );
    expect(notes).toEqual({ notes: MAX_NOTES_PER_LEARNER });
    expect(() => decideCoach(note, notes)).toThrow(new ConflictError(TOO_MANY_NOTES));
    expect(decideCoach(note, { notes: MAX_NOTES_PER_LEARNER - 1 })).toHaveLength(1);
  });
});
