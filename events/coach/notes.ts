// The coach's notes on a learner: how many there are (their own stream holds nothing else), and the decision
// to add one, which keeps the list under its cap.
import { ConflictError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { CoachNoteAdded } from './coach.events';

/**
 * The most notes kept on one learner: notes are never deleted and the journey shows every one. A note after
 * each session and a few between them make a few dozen over a five-week course; 500 is ten times that.
 */
export const MAX_NOTES_PER_LEARNER = 500;
export const TOO_MANY_NOTES = `Esta persona ya tiene ${MAX_NOTES_PER_LEARNER} notas, el máximo que se guarda. Escribe lo nuevo en una nota fuera del sitio, o pide a quien mantiene el sitio que amplíe el límite.`;

export interface NotesState {
  notes: number;
}

export const notesFold = {
  initial: { notes: 0 } as NotesState,
  evolve: (state: NotesState, event: RecordedEvent): NotesState => (CoachNoteAdded.is(event) ? { notes: state.notes + 1 } : state),
};

export function decideAddNote(state: NotesState, command: { learnerId: string; noteId: string; coachId: string; text: string; eventId?: string }): NewEvent[] {
  if (state.notes >= MAX_NOTES_PER_LEARNER) throw new ConflictError(TOO_MANY_NOTES);
  const { eventId, ...data } = command;
  return [CoachNoteAdded.create(data, { eventId })];
}
