// A letter's sends as a pure fold of its send stream, and the decisions on them (decision 0020): one send per
// letter at a time, and none after one completed; a cancelled send may be scheduled again (its deliveries already
// sent stay sent: a subscriber never receives a letter twice).
import { LETTER_SEND_MESSAGES as M } from '../../course/letter-sends';
import type { Letter, LetterWithCover } from '../../course/newsletter';
import { ConflictError, NotFoundError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { LetterSendCancelled, LetterSendCompleted, LetterSendPaused, LetterSendResumed, LetterSendScheduled, LetterSendStarted } from './letter-sends.events';

export type SendPhase = 'scheduled' | 'paused' | 'cancelled' | 'completed';

export interface CurrentSend {
  sendId: string;
  phase: SendPhase;
  /** Batches made by the fan-out; null before it ran. */
  batches: number | null;
}

export interface LetterSendsState {
  /** The latest send of the letter, or null when it never had one. */
  current: CurrentSend | null;
}

export const initialLetterSends: LetterSendsState = { current: null };

export function evolveLetterSends(state: LetterSendsState, event: RecordedEvent): LetterSendsState {
  if (LetterSendScheduled.is(event)) return { current: { sendId: event.data.sendId, phase: 'scheduled', batches: null } };
  const current = state.current;
  if (!current || (event.data as { sendId?: string }).sendId !== current.sendId) return state;
  if (LetterSendStarted.is(event)) return { current: { ...current, batches: event.data.batches } };
  if (LetterSendPaused.is(event)) return { current: { ...current, phase: 'paused' } };
  if (LetterSendResumed.is(event)) return { current: { ...current, phase: 'scheduled' } };
  if (LetterSendCancelled.is(event)) return { current: { ...current, phase: 'cancelled' } };
  if (LetterSendCompleted.is(event)) return { current: { ...current, phase: 'completed' } };
  return state;
}

export const letterSendsFold = { initial: initialLetterSends, evolve: evolveLetterSends };

/** The coach's commands carry the event id her request's Idempotency-Key gives (a retry finds its write). */
export type LetterSendCommand =
  | { type: 'Schedule'; sendId: string; letterId: string; letter: Letter & Partial<Pick<LetterWithCover, 'cover'>>; at: Date; eventId?: string }
  | { type: 'Start'; sendId: string; recipients: number; batches: number }
  | { type: 'Pause'; eventId?: string }
  | { type: 'Resume'; eventId?: string }
  | { type: 'Cancel'; eventId?: string }
  | { type: 'Complete'; sendId: string };

/** The events a command records; [] when there is nothing to do (a repeated pause, a fan-out already done). */
export function decideLetterSend(command: LetterSendCommand, state: LetterSendsState): NewEvent[] {
  const current = state.current;
  const options = { eventId: 'eventId' in command ? command.eventId : undefined };
  switch (command.type) {
    case 'Schedule': {
      if (current?.phase === 'completed') throw new ConflictError(M.alreadySent);
      if (current && current.phase !== 'cancelled') throw new ConflictError(M.inProgress);
      const { sendId, letterId, letter, at } = command;
      return [
        LetterSendScheduled.create(
          {
            sendId,
            letterId,
            at: at.toISOString(),
            title: letter.title,
            slug: letter.slug,
            series: letter.series,
            markdown: letter.markdown,
            ...(letter.cover ? { cover: letter.cover } : {}),
          },
          options,
        ),
      ];
    }
    case 'Start':
      // Only the send it was made for, once, and not while paused or after a cancel (resume makes a new fan-out).
      if (current?.sendId !== command.sendId || current.phase !== 'scheduled' || current.batches !== null) return [];
      return [LetterSendStarted.create({ sendId: command.sendId, recipients: command.recipients, batches: command.batches })];
    case 'Pause':
      if (!current) throw new NotFoundError(M.noSend);
      if (current.phase === 'paused') return [];
      if (current.phase !== 'scheduled') throw new ConflictError(M.notPausable);
      return [LetterSendPaused.create({ sendId: current.sendId }, options)];
    case 'Resume':
      if (!current) throw new NotFoundError(M.noSend);
      if (current.phase === 'scheduled') return [];
      if (current.phase !== 'paused') throw new ConflictError(M.notResumable);
      return [LetterSendResumed.create({ sendId: current.sendId }, options)];
    case 'Cancel':
      if (!current) throw new NotFoundError(M.noSend);
      if (current.phase === 'cancelled') return [];
      if (current.phase === 'completed') throw new ConflictError(M.notCancellable);
      return [LetterSendCancelled.create({ sendId: current.sendId }, options)];
    case 'Complete':
      if (current?.sendId !== command.sendId || current.batches === null || (current.phase !== 'scheduled' && current.phase !== 'paused')) return [];
      return [LetterSendCompleted.create({ sendId: command.sendId })];
    default: {
      const _never: never = command;
      throw new Error(`unknown letter send command: ${JSON.stringify(_never)}`);
    }
  }
}
