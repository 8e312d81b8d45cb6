// The coach slice's decider: what the coach writes is a note on a learner's journey, kept under its cap.
import type { NewEvent } from '../store/types';
import { decideAddNote, type NotesState } from './notes';

export type CoachCommand = { type: 'AddNote'; learnerId: string; noteId: string; coachId: string; text: string; eventId?: string };

export function decideCoach(command: CoachCommand, state: NotesState): NewEvent[] {
  switch (command.type) {
    case 'AddNote': {
      const { type: _type, ...note } = command;
      return decideAddNote(state, note);
    }
    default: {
      // With a single command, its type is what narrows to never.
      const _never: never = command.type;
      throw new Error(`unknown coach command: ${JSON.stringify(_never)}`);
    }
  }
}
