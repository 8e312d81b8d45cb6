// The letter sends' read models: a send as the workers need it (letter_sends), and a letter's send with its counts
// for the coach (letter_sends, letter_deliveries, letter_unsubscribes).
import type { SendState } from '../../course/letter-sends';
import type { LetterSeries, LetterWithCover } from '../../course/newsletter';
import type { Queryable } from '../store/types';
import type { SendPhase } from './letter-sends';

/** A send with the letter as it was scheduled. */
export interface SendSnapshot extends LetterWithCover {
  sendId: string;
  letterId: string;
  phase: SendPhase;
  scheduledAt: Date;
  /** Set by the fan-out; null before it ran. */
  batches: number | null;
}

type SendRow = {
  send_id: string;
  letter_id: string;
  title: string;
  slug: string;
  series: LetterSeries;
  markdown: string;
  cover: string | null;
  state: SendPhase;
  scheduled_at: Date;
  batches: number | null;
};

export async function loadSend(db: Queryable, sendId: string): Promise<SendSnapshot | null> {
  const { rows } = await db.query<SendRow>(
    'SELECT send_id, letter_id, title, slug, series, markdown, cover, state, scheduled_at, batches FROM letter_sends WHERE send_id = $1',
    [sendId],
  );
  const r = rows[0];
  return r
    ? {
        sendId: r.send_id,
        letterId: r.letter_id,
        title: r.title,
        slug: r.slug,
        series: r.series,
        markdown: r.markdown,
        cover: r.cover,
        phase: r.state,
        scheduledAt: r.scheduled_at,
        batches: r.batches,
      }
    : null;
}

export interface LetterSendStats {
  sendId: string;
  scheduledAt: string;
  /** scheduled: waiting for its time; sending: fanned out and going; paused, cancelled, completed. */
  state: SendState;
  /** Deliveries of the letter: one per subscriber it was meant for. */
  total: number;
  sent: number;
  failed: number;
  /** Still to go (or in flight). */
  queued: number;
  /** Not sent: unsubscribed or gone before their turn, or left out by a cancel. */
  skipped: number;
  /** Subscribers who unsubscribed through this letter's link. */
  unsubscribedAfter: number;
  completedAt: string | null;
}

/** The letter's latest send with its counts (deliveries of every send of the letter), or null when it was never sent. */
export async function letterSendStats(db: Queryable, letterId: string): Promise<LetterSendStats | null> {
  const { rows } = await db.query<{
    send_id: string;
    scheduled_at: Date;
    state: SendPhase;
    batches: number | null;
    completed_at: Date | null;
    total: number;
    sent: number;
    failed: number;
    queued: number;
    skipped: number;
    unsubscribed: number;
  }>(
    `SELECT s.send_id, s.scheduled_at, s.state, s.batches, s.completed_at, d.*,
            (SELECT count(*)::int FROM letter_unsubscribes u WHERE u.letter_id = s.letter_id) AS unsubscribed
     FROM letter_sends s,
     LATERAL (SELECT count(*)::int AS total,
                     count(*) FILTER (WHERE status = 'sent')::int AS sent,
                     count(*) FILTER (WHERE status = 'failed')::int AS failed,
                     count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS queued,
                     count(*) FILTER (WHERE status = 'skipped')::int AS skipped
              FROM letter_deliveries WHERE letter_id = s.letter_id) d
     WHERE s.letter_id = $1 ORDER BY s.created_at DESC LIMIT 1`,
    [letterId],
  );
  const r = rows[0];
  if (!r) return null;
  const state: SendState = r.state === 'scheduled' && r.batches !== null ? 'sending' : r.state;
  return {
    sendId: r.send_id,
    scheduledAt: r.scheduled_at.toISOString(),
    state,
    total: r.total,
    sent: r.sent,
    failed: r.failed,
    queued: r.queued,
    skipped: r.skipped,
    unsubscribedAfter: r.unsubscribed,
    completedAt: r.completed_at?.toISOString() ?? null,
  };
}

/** The slugs the letter's sends went out with (a draft's slug may change after a send; its mails keep the old one). */
export async function sentSlugs(db: Queryable, letterId: string): Promise<string[]> {
  const { rows } = await db.query<{ slug: string }>('SELECT DISTINCT slug FROM letter_sends WHERE letter_id = $1', [letterId]);
  return rows.map((r) => r.slug);
}
