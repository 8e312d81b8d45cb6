// A letter of the newsletter as a pure fold of its stream, and the decisions on it (draft, edit, publish, withdraw)
// behind one decider. What a decision needs from elsewhere (whether the address is taken by another letter, today's
// date) is loaded first and passed in on the command.
import { LETTER_MESSAGES, type Letter, type LetterWithCover } from '../../course/newsletter';
import { ConflictError, NotFoundError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { LetterDrafted, LetterEdited, LetterPublished, LetterUnpublished } from './letters.events';

export type LetterStatus = 'draft' | 'published';

export type LetterState = { status: 'none' } | (LetterWithCover & { status: LetterStatus; publishedOn: string | null; createdAt: string; updatedAt: string });

export const initialLetter: LetterState = { status: 'none' };

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export function evolveLetter(state: LetterState, event: RecordedEvent): LetterState {
  const at = event.recordedAt.toISOString();
  if (LetterDrafted.is(event)) return { cover: null, ...event.data, status: 'draft', publishedOn: null, createdAt: at, updatedAt: at };
  if (state.status === 'none') return state;
  if (LetterEdited.is(event)) return { ...state, ...changedFields(state, event.data), updatedAt: at };
  if (LetterPublished.is(event)) return { ...state, status: 'published', publishedOn: event.data.publishedOn ?? dayOf(event.recordedAt), updatedAt: at };
  if (LetterUnpublished.is(event)) return { ...state, status: 'draft', publishedOn: null, updatedAt: at };
  return state;
}

export const letterFold = { initial: initialLetter, evolve: evolveLetter };

export type LetterCommand =
  | { type: 'DraftLetter'; letter: Letter & { cover?: string | null }; slugTaken: boolean; eventId?: string }
  | { type: 'EditLetter'; changes: Partial<LetterWithCover>; slugTaken: boolean; eventId?: string }
  | { type: 'PublishLetter'; publishedOn: string; eventId?: string }
  | { type: 'UnpublishLetter'; eventId?: string };

export function decideLetter(command: LetterCommand, state: LetterState): NewEvent[] {
  const options = { eventId: command.eventId };
  if (command.type === 'DraftLetter') {
    if (state.status !== 'none') throw new ConflictError(LETTER_MESSAGES.alreadyExists);
    if (command.slugTaken) throw new ConflictError(LETTER_MESSAGES.slugTaken);
    // A cover only when it has one: a letter without reads as every letter recorded before covers.
    const { cover, ...letter } = command.letter;
    return [LetterDrafted.create(cover ? { ...letter, cover } : letter, options)];
  }
  if (state.status === 'none') throw new NotFoundError(LETTER_MESSAGES.notFound);
  switch (command.type) {
    case 'EditLetter': {
      const changed = changedFields(state, command.changes);
      if (Object.keys(changed).length === 0) return [];
      const moves = changed.slug !== undefined || changed.series !== undefined;
      // Its address is in the archive and in the mails already sent: it stays where readers find it.
      if (moves && state.status === 'published') throw new ConflictError(LETTER_MESSAGES.publishedAddress);
      if (moves && command.slugTaken) throw new ConflictError(LETTER_MESSAGES.slugTaken);
      return [LetterEdited.create(changed, options)];
    }
    case 'PublishLetter':
      return state.status === 'published' ? [] : [LetterPublished.create({ publishedOn: command.publishedOn }, options)];
    case 'UnpublishLetter':
      return state.status === 'published' ? [LetterUnpublished.create({}, options)] : [];
    default: {
      const _never: never = command;
      throw new Error(`unknown letter command: ${JSON.stringify(_never)}`);
    }
  }
}

/** The fields given (undefined: not given; a null cover takes it away) whose value differs from the letter's. */
function changedFields(letter: LetterWithCover, changes: Partial<LetterWithCover>): Partial<LetterWithCover> {
  return Object.fromEntries(Object.entries(changes).filter(([field, value]) => value !== undefined && letter[field as keyof LetterWithCover] !== value));
}
