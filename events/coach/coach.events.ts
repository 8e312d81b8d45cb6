// The coach's private notes on a learner's timeline: their own stream (coachnotes-{learnerId}), so the
// learner's stream and export stay the learner's.
import { z } from 'zod';
import { defineEvent } from '../store/catalog';
import { userSubject } from '../store/sealing';

export const MAX_NOTE = 5_000;

export const CoachNoteAdded = defineEvent(
  'CoachNoteAdded',
  1,
  z.strictObject({ learnerId: z.uuid(), noteId: z.uuid(), coachId: z.uuid(), text: z.string().trim().min(1).max(MAX_NOTE) }),
  { personal: { subject: (d) => userSubject(d.learnerId), fields: ['text'] } },
);

export const coachEvents = [CoachNoteAdded] as const;
export const coachNotesStreamId = (learnerId: string) => `coachnotes-${learnerId}`;
