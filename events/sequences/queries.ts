// The welcome sequences' read models: the steps as the mails use them, the sweep's due steps, and the desk's counts.
import { defaultWelcome, LATE_STEP_HOURS, SEQUENCE_SOURCES, type SequenceSource, type SequenceStep, type StepText } from '../../course/sequences';
import type { Queryable } from '../store/types';
import type { ExitReason } from './projections/sequences';

/** The steps the coach wrote for one source, by number. */
export async function writtenSteps(db: Queryable, source: Pick<SequenceSource, 'page' | 'section'>): Promise<Partial<Record<SequenceStep, StepText>>> {
  const { rows } = await db.query<{ step: SequenceStep; subject: string; markdown: string; day: number }>(
    'SELECT step, subject, markdown, day FROM sequence_steps WHERE page = $1 AND section = $2',
    [source.page, source.section],
  );
  return Object.fromEntries(rows.map(({ step, ...text }) => [step, text]));
}

/** A step as it is sent: what the coach wrote, or for step 1 the download's default welcome; undefined: not sent. */
export async function stepToSend(db: Queryable, source: SequenceSource, step: SequenceStep): Promise<StepText | undefined> {
  const written = (await writtenSteps(db, source))[step];
  return written ?? (step === 1 ? defaultWelcome(source) : undefined);
}

export interface DueStep {
  streamId: string;
  page: string;
  section: string;
  step: SequenceStep;
}

/**
 * The steps 2 and 3 due at `now` and not queued yet, for leads still in their sequence: written, their moment
 * (enrolment + day) reached, and not more than LATE_STEP_HOURS past it (a step written late is not sent to old leads).
 */
export async function dueSteps(db: Queryable, now: Date, limit = 500): Promise<DueStep[]> {
  const { rows } = await db.query<{ stream_id: string; page: string; section: string; step: SequenceStep }>(
    `SELECT e.stream_id, e.page, e.section, s.step
       FROM sequence_enrolments e
       JOIN sequence_steps s ON s.page = e.page AND s.section = e.section AND s.step > 1
      WHERE e.exited_at IS NULL
        AND e.enrolled_at + make_interval(days => s.day) <= $1
        AND e.enrolled_at + make_interval(days => s.day, hours => $2) > $1
        AND NOT EXISTS (SELECT 1 FROM sequence_deliveries d
                         WHERE d.stream_id = e.stream_id AND d.page = e.page AND d.section = e.section AND d.step = s.step)
      ORDER BY e.enrolled_at, s.step
      LIMIT $3`,
    [now, LATE_STEP_HOURS, limit],
  );
  return rows.map((r) => ({ streamId: r.stream_id, page: r.page, section: r.section, step: r.step }));
}

/**
 * What takes an address out of its sequences: its own leaving of the mails (the one-click link or a bounce, as a
 * subscriber or not: the enrolments record it from its events), a purchase with that address (as an account or as a
 * guest), an account with that address.
 */
export async function exitsOf(db: Queryable, streamId: string): Promise<{ left: 'unsubscribed' | 'bounced' | null; bought: boolean; signedUp: boolean }> {
  const { rows } = await db.query<{ left_by: 'unsubscribed' | 'bounced' | null; status: string | null; bought: boolean; signed_up: boolean }>(
    `SELECT (SELECT exit_reason FROM sequence_enrolments
              WHERE stream_id = $1 AND exit_reason IN ('unsubscribed', 'bounced') LIMIT 1) AS left_by,
            (SELECT status FROM subscribers WHERE stream_id = $1) AS status,
            EXISTS (SELECT 1 FROM payments p
                      LEFT JOIN purchases pu ON pu.purchase_id = p.purchase_id
                      LEFT JOIN users u ON u.user_id = coalesce(p.user_id, pu.user_id)
                     WHERE p.status <> 'held'
                       AND (lower(pu.email) = lower(l.email) OR lower(u.email) = lower(l.email))) AS bought,
            EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(l.email)) AS signed_up
       FROM leads l WHERE l.stream_id = $1`,
    [streamId],
  );
  const row = rows[0];
  if (!row) return { left: null, bought: false, signedUp: false };
  const left = row.left_by ?? (row.status === 'unsubscribed' || row.status === 'bounced' ? row.status : null);
  return { left, bought: row.bought, signedUp: row.signed_up };
}

/** Why an address leaves its sequences now, or null: it stays. */
export async function exitReasonOf(db: Queryable, streamId: string): Promise<ExitReason | null> {
  const { left, bought, signedUp } = await exitsOf(db, streamId);
  return left ?? (bought ? 'bought' : signedUp ? 'signed-up' : null);
}

/** Ends the address's open sequences (every source) for `reason`. */
export async function recordExit(db: Queryable, streamId: string, reason: ExitReason, at: Date): Promise<void> {
  await db.query('UPDATE sequence_enrolments SET exited_at = $2, exit_reason = $3 WHERE stream_id = $1 AND exited_at IS NULL', [streamId, at, reason]);
}

export interface SequenceCounts {
  enrolled: number;
  active: number;
  exited: Record<ExitReason, number>;
  /** Mails queued per step (step 1: every enrolment got its welcome). */
  sent: Record<SequenceStep, number>;
}

/** The desk's counts, per source (`page|section`). */
export async function sequenceCounts(db: Queryable): Promise<Map<string, SequenceCounts>> {
  const [enrolments, deliveries] = await Promise.all([
    db.query<{ page: string; section: string; exit_reason: ExitReason | null; n: number }>(
      'SELECT page, section, exit_reason, count(*)::int AS n FROM sequence_enrolments GROUP BY page, section, exit_reason',
    ),
    db.query<{ page: string; section: string; step: SequenceStep; n: number }>(
      'SELECT page, section, step, count(*)::int AS n FROM sequence_deliveries GROUP BY page, section, step',
    ),
  ]);
  const counts = new Map<string, SequenceCounts>(
    SEQUENCE_SOURCES.map((s) => [
      `${s.page}|${s.section}`,
      { enrolled: 0, active: 0, exited: { unsubscribed: 0, bounced: 0, bought: 0, 'signed-up': 0 }, sent: { 1: 0, 2: 0, 3: 0 } },
    ]),
  );
  for (const r of enrolments.rows) {
    const c = counts.get(`${r.page}|${r.section}`);
    if (!c) continue;
    c.enrolled += r.n;
    c.sent[1] += r.n;
    if (r.exit_reason) c.exited[r.exit_reason] += r.n;
    else c.active += r.n;
  }
  for (const r of deliveries.rows) {
    const c = counts.get(`${r.page}|${r.section}`);
    if (c) c.sent[r.step] += r.n;
  }
  return counts;
}
