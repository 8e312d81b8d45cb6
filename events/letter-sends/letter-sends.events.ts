// Sending a letter (decision 0020): each letter's sends live on their own stream, `letter-send-<letterId>`, apart
// from the letter's (letter-<id>), written by the coach (schedule, pause, resume, cancel) and by the send's workers
// (started, completed). No personal data: the recipients are rows of letter_deliveries, named by visitor stream ids.
import { z } from 'zod';
import { LETTER_SERIES } from '../../course/newsletter';
import { Cover } from '../newsletter/letters.events';
import { defineEvent } from '../store/catalog';

export const letterSendStreamId = (letterId: string) => `letter-send-${letterId}`;

const sendId = z.uuid();

/**
 * The coach asked to send the letter at `at` (now, or later). What is sent is kept here as it was at that moment —
 * an edit of the letter afterwards changes the archive, not what the rest of the subscribers receive.
 */
export const LetterSendScheduled = defineEvent(
  'LetterSendScheduled',
  1,
  z.strictObject({
    sendId,
    letterId: z.uuid(),
    at: z.iso.datetime({ offset: true }),
    title: z.string().min(1),
    slug: z.string().min(1),
    series: z.enum(LETTER_SERIES),
    markdown: z.string(),
    /** Its cover's media id, when it had one (absent in sends scheduled before letters had covers). */
    cover: Cover.optional(),
  }),
);

/** The fan-out ran: `recipients` confirmed subscribers at that moment, in `batches` batch jobs. */
export const LetterSendStarted = defineEvent(
  'LetterSendStarted',
  1,
  z.strictObject({ sendId, recipients: z.number().int().min(0), batches: z.number().int().min(0) }),
);

export const LetterSendPaused = defineEvent('LetterSendPaused', 1, z.strictObject({ sendId }));
export const LetterSendResumed = defineEvent('LetterSendResumed', 1, z.strictObject({ sendId }));
/** Nobody who has not received it yet will: the send's queued deliveries are skipped in the same transaction. */
export const LetterSendCancelled = defineEvent('LetterSendCancelled', 1, z.strictObject({ sendId }));
/** No delivery of the send is left queued or in flight. */
export const LetterSendCompleted = defineEvent('LetterSendCompleted', 1, z.strictObject({ sendId }));

export const letterSendEvents = [
  LetterSendScheduled,
  LetterSendStarted,
  LetterSendPaused,
  LetterSendResumed,
  LetterSendCancelled,
  LetterSendCompleted,
] as const;
