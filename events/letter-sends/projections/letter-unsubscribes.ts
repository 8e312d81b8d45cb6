// Inline read model: who left through which letter's link (Unsubscribed {letterId} in a visitor stream), for the
// letter's «se dieron de baja después». Forgetting an address deletes its rows here and its letters' deliveries.
import type { Forget } from '../../erasure/forgetting';
import { Unsubscribed } from '../../leads/leads.events';
import { rowProjection } from '../../store/projection';

export interface LetterUnsubscribeRow {
  [column: string]: string;
  letter_id: string;
  stream_id: string;
  unsubscribed_at: string;
}

export const letterUnsubscribesProjection = rowProjection<LetterUnsubscribeRow>({
  name: 'letter_unsubscribes',
  mode: 'inline',
  table: 'letter_unsubscribes',
  keyColumns: ['letter_id', 'stream_id'],
  eventTypes: [Unsubscribed.type],
  key: (e) => (Unsubscribed.is(e) && e.data.letterId ? { letter_id: e.data.letterId, stream_id: e.streamId } : undefined),
  // The first time the address left through this letter counts (leaving, coming back and leaving again is one).
  evolve: (row, e) => row ?? { letter_id: (e.data as { letterId: string }).letterId, stream_id: e.streamId, unsubscribed_at: e.recordedAt.toISOString() },
});

/** The address's letter rows, found by its visitor stream through the leads read model (forgotten after this runs). */
export const forgetLetterRows: Forget = async (tx, subject) => {
  const streams = '(SELECT stream_id FROM leads WHERE subject = $1 UNION SELECT stream_id FROM subscribers WHERE subject = $1)';
  await tx.query(`DELETE FROM letter_deliveries WHERE stream_id IN ${streams}`, [subject]);
  await tx.query(`DELETE FROM letter_unsubscribes WHERE stream_id IN ${streams}`, [subject]);
};
