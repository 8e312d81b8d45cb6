// Inline read models of the welcome sequences (decision 0021): the steps the coach wrote (sequence_steps, one row
// per written step), and who is in a sequence (sequence_enrolments: a lead's first download of a source with a
// sequence; its Unsubscribed or SubscriberBounced ends all of the address's sequences).
import { sequenceSourceOf, type SequenceStep } from '../../../course/sequences';
import type { Forget } from '../../erasure/forgetting';
import { LeadCaptured, SubscriberBounced, Unsubscribed } from '../../leads/leads.events';
import { rowProjection, type Projection } from '../../store/projection';
import { sequenceEvents, sequenceSourceOfStream, SequenceStepCleared, SequenceStepWritten } from '../sequences.events';

export interface SequenceStepRow {
  [column: string]: string | number;
  page: string;
  section: string;
  step: SequenceStep;
  subject: string;
  markdown: string;
  day: number;
  updated_at: string;
}

export const sequenceStepsProjection = rowProjection<SequenceStepRow>({
  name: 'sequence_steps',
  mode: 'inline',
  table: 'sequence_steps',
  keyColumns: ['page', 'section', 'step'],
  eventTypes: sequenceEvents.map((e) => e.type),
  key: (e) => {
    const source = sequenceSourceOfStream(e.streamId);
    const step = SequenceStepWritten.is(e) || SequenceStepCleared.is(e) ? e.data.step : undefined;
    return source && step ? { page: source.page, section: source.section, step } : undefined;
  },
  evolve: (_row, e) => {
    const source = sequenceSourceOfStream(e.streamId)!;
    if (SequenceStepCleared.is(e)) return null;
    if (!SequenceStepWritten.is(e)) return null;
    const { step, subject, markdown, day } = e.data;
    return { page: source.page, section: source.section, step, subject, markdown, day, updated_at: e.recordedAt.toISOString() };
  },
});

export type ExitReason = 'unsubscribed' | 'bounced' | 'bought' | 'signed-up';
export const EXIT_REASONS = ['unsubscribed', 'bounced', 'bought', 'signed-up'] as const satisfies readonly ExitReason[];

/**
 * The enrolments. A download's first capture starts one (a second download of the same source changes nothing); the
 * address's leaving the mails (the one-click link, or a bounce) ends every open one. The sweep ends one too when the
 * address bought something or has an account, which no event of the visitor's stream says: after a rebuild it finds
 * them again before the next step.
 */
export const sequenceEnrolmentsProjection: Projection = {
  name: 'sequence_enrolments',
  mode: 'inline',
  tables: ['sequence_enrolments'],
  eventTypes: [LeadCaptured.type, Unsubscribed.type, SubscriberBounced.type],
  async apply(tx, events) {
    // Enrolments of consecutive captures go in one statement (a group commit's batch brings many); an exit ends
    // what came before it, so the captures gathered are written first and the order of the events is kept.
    let enrol: Array<[string, string, string, string | null, string]> = [];
    const flush = async () => {
      if (!enrol.length) return;
      const columns = [0, 1, 2, 3, 4].map((i) => enrol.map((row) => row[i]));
      enrol = [];
      await tx.query(
        {
          name: 'mf_enrol_in_sequences',
          text: `INSERT INTO sequence_enrolments (stream_id, page, section, subject, enrolled_at)
                 SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
                 ON CONFLICT (stream_id, page, section) DO NOTHING`,
        },
        columns,
      );
    };
    for (const e of events) {
      const at = e.recordedAt.toISOString();
      if (LeadCaptured.is(e)) {
        const source = sequenceSourceOf(e.data.page, e.data.section);
        if (source && e.data.firstForSource) enrol.push([e.streamId, source.page, source.section, e.metadata.sealedFor ?? null, at]);
      } else if (Unsubscribed.is(e) || SubscriberBounced.is(e)) {
        await flush();
        const reason: ExitReason = Unsubscribed.is(e) ? 'unsubscribed' : 'bounced';
        await tx.query('UPDATE sequence_enrolments SET exited_at = $2, exit_reason = $3 WHERE stream_id = $1 AND exited_at IS NULL', [e.streamId, at, reason]);
      }
    }
    await flush();
  },
};

/** Forgetting an address: its enrolments go, and the record of the steps queued to it. */
export const forgetEnrolments: Forget = async (tx, subject) => {
  await tx.query('DELETE FROM sequence_deliveries d USING sequence_enrolments e WHERE e.subject = $1 AND d.stream_id = e.stream_id', [subject]);
  await tx.query('DELETE FROM sequence_enrolments WHERE subject = $1', [subject]);
};
