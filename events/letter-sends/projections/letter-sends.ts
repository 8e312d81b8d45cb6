// Inline read model: one row per send of a letter (letter_sends), with the letter as it was scheduled.
import { rowProjection } from '../../store/projection';
import {
  LetterSendCancelled,
  LetterSendCompleted,
  LetterSendPaused,
  LetterSendResumed,
  LetterSendScheduled,
  LetterSendStarted,
  letterSendEvents,
} from '../letter-sends.events';

export interface LetterSendRow {
  [column: string]: string | number | null;
  send_id: string;
  letter_id: string;
  title: string;
  slug: string;
  series: string;
  markdown: string;
  cover: string | null;
  scheduled_at: string;
  state: 'scheduled' | 'paused' | 'cancelled' | 'completed';
  recipients: number | null;
  batches: number | null;
  started_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export const letterSendsProjection = rowProjection<LetterSendRow>({
  name: 'letter_sends',
  mode: 'inline',
  table: 'letter_sends',
  keyColumns: ['send_id'],
  eventTypes: letterSendEvents.map((e) => e.type),
  key: (e) => ({ send_id: (e.data as { sendId: string }).sendId }),
  evolve: (row, e) => {
    const at = e.recordedAt.toISOString();
    if (LetterSendScheduled.is(e)) {
      const { sendId, letterId, title, slug, series, markdown, cover = null } = e.data;
      return {
        send_id: sendId,
        letter_id: letterId,
        title,
        slug,
        series,
        markdown,
        cover,
        scheduled_at: e.data.at,
        state: 'scheduled',
        recipients: null,
        batches: null,
        started_at: null,
        completed_at: null,
        created_at: at,
        updated_at: at,
      };
    }
    if (!row) return null;
    if (LetterSendStarted.is(e)) return { ...row, recipients: e.data.recipients, batches: e.data.batches, started_at: at, updated_at: at };
    if (LetterSendPaused.is(e)) return { ...row, state: 'paused', updated_at: at };
    if (LetterSendResumed.is(e)) return { ...row, state: 'scheduled', updated_at: at };
    if (LetterSendCancelled.is(e)) return { ...row, state: 'cancelled', updated_at: at };
    if (LetterSendCompleted.is(e)) return { ...row, state: 'completed', completed_at: at, updated_at: at };
    return row;
  },
});
