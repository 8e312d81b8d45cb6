// What the coach's desk reads: the learners (the accounts' users, with their progress from the list's read model and
// the time of their stream's last event) and each learner's journey, straight from the log.
import { currentActivity, progressPercent } from '../../course/rules';
import { LEARNER_STREAM_PREFIX, learnerStreamId } from '../accounts/accounts.events';
import type { EventCatalog } from '../store/catalog';
import { EVENT_COLUMNS, toRecorded } from '../store/event-store';
import type { FoldSnapshots } from '../store/snapshots';
import type { Queryable, RecordedEvent } from '../store/types';
import { coachNotesStreamId } from './coach.events';
import { evolveJourney, journeyFold, type JourneyState } from './journey';

/**
 * The orders the learners can be listed in: the key, and the rows whose index (migration 039) gives it in that order
 * with the learner's id — `users`, the list's read model `learner_progress`, or the learners' `streams` (whose
 * `updated_at` is the time of their last event), under the aliases the queries give them (u, p, s).
 */
const SORTS = {
  username: { key: 'lower(u.username)', from: 'users u', id: 'u.user_id' },
  email: { key: 'lower(u.email)', from: 'users u', id: 'u.user_id' },
  registeredAt: { key: 'u.registered_at', from: 'users u', id: 'u.user_id' },
  lastActivityAt: {
    key: 's.updated_at',
    from: 'streams s',
    id: `substr(s.stream_id, ${LEARNER_STREAM_PREFIX.length + 1})::uuid`,
    where: `s.stream_type = 'learner'`,
    tie: 's.stream_id',
  },
  progress: { key: 'p.completed_required', from: 'learner_progress p', id: 'p.user_id' },
} as const satisfies Record<string, { key: string; from: string; id: string; where?: string; tie?: string }>;
export type LearnerSort = keyof typeof SORTS;
export const LEARNER_SORTS = Object.keys(SORTS) as [LearnerSort, ...LearnerSort[]];

export interface LearnerSummary {
  id: string;
  username: string;
  email: string;
  registeredAt: string;
  verified: boolean;
  premium: boolean;
  progressPercent: number;
  currentActivity: { slug: string; title: string } | null;
  lastActivityAt: string | null;
}

type LearnerRow = {
  user_id: string;
  username: string;
  email: string;
  registered_at: Date;
  verified: boolean;
  premium: boolean;
  completed: string[] | null;
  last_activity_at: Date | null;
};
const LEARNER_SELECT = `
  SELECT u.user_id, u.username, u.email, u.registered_at, u.email_verified_at IS NOT NULL AS verified, 7 = ANY(u.roles) AS premium,
         p.completed, s.updated_at AS last_activity_at
  FROM users u LEFT JOIN learner_progress p ON p.user_id = u.user_id LEFT JOIN streams s ON s.stream_id = '${LEARNER_STREAM_PREFIX}' || u.user_id::text`;

const toSummary = (r: LearnerRow): LearnerSummary => {
  const done = r.completed ?? [];
  const current = currentActivity(done);
  return {
    id: r.user_id,
    username: r.username,
    email: r.email,
    registeredAt: r.registered_at.toISOString(),
    verified: r.verified,
    premium: r.premium,
    progressPercent: progressPercent(done),
    currentActivity: current ? { slug: current.slug, title: current.title } : null,
    lastActivityAt: r.last_activity_at?.toISOString() ?? null,
  };
};

export async function learnerSummary(db: Queryable, learnerId: string): Promise<LearnerSummary | undefined> {
  const { rows } = await db.query<LearnerRow>(`${LEARNER_SELECT} WHERE u.user_id = $1`, [learnerId]);
  return rows[0] && toSummary(rows[0]);
}

/**
 * A page of the learners whose name or address contains `search`, and how many match in all. The page's ids come
 * first, from the order's index alone (an index-only scan that steps over the earlier pages' entries); only those
 * rows are then read and shown. The total is an exact count: of an index of `users`, or of what the search's trigram
 * indexes find.
 */
export async function learnerSummaries(
  db: Queryable,
  { search, sort, order, page, pageSize }: { search: string; sort: LearnerSort; order: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ learners: LearnerSummary[]; total: number }> {
  const sorted: { key: string; from: string; id: string; where?: string; tie?: string } = SORTS[sort];
  // Equal keys by user id, ascending, in either direction.
  const by = `${sorted.key} ${order === 'asc' ? 'ASC' : 'DESC'}, ${sorted.tie ?? sorted.id}`;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const searched = search ? ['(u.username ILIKE $3 OR u.email ILIKE $3)'] : [];
  // The order's rows are joined to users when a search needs their names, or when they may outlive the account (a
  // forgotten learner's stream stays in the log); learner_progress has a row for each account and no other.
  const ordered = sorted.from === 'users u' || (!search && !sorted.where) ? sorted.from : `${sorted.from} JOIN users u ON u.user_id = ${sorted.id}`;
  const where = [...(sorted.where ? [sorted.where] : []), ...searched];
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<LearnerRow>(
      `${LEARNER_SELECT}
       JOIN (SELECT ${sorted.id} AS user_id FROM ${ordered} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${by} LIMIT $1 OFFSET $2) page
         ON page.user_id = u.user_id
       ORDER BY ${by}`,
      [pageSize, (page - 1) * pageSize, ...(search ? [pattern] : [])],
    ),
    db.query<{ total: string }>(
      `SELECT count(*) AS total FROM users u ${search ? 'WHERE u.username ILIKE $1 OR u.email ILIKE $1' : ''}`,
      search ? [pattern] : [],
    ),
  ]);
  return { learners: rows.map(toSummary), total: Number(counted[0]!.total) };
}

const journeyStreams = (learnerId: string, withNotes = true) =>
  withNotes ? [learnerStreamId(learnerId), coachNotesStreamId(learnerId)] : [learnerStreamId(learnerId)];

/** The learner's journey events (their stream and, unless left out, the coach's notes) in global order, or a window of it. */
export async function journeyEvents(
  db: Queryable,
  catalog: EventCatalog,
  learnerId: string,
  {
    withNotes = true,
    after = 0,
    upTo,
    limit,
    closed = false,
  }: {
    withNotes?: boolean;
    after?: number;
    upTo?: number;
    limit?: number;
    /** Personal texts left closed (ClosedValues) for a fold that opens only what it shows (openClosed). */
    closed?: boolean;
  } = {},
): Promise<RecordedEvent[]> {
  const { rows } = await db.query<Parameters<typeof toRecorded>[0] & Record<string, unknown>>(
    // Each stream's window read in order from its (stream_id, global_position) index, then merged: a page of a long
    // journey reads a page of rows, not every row of both streams to sort them.
    `SELECT e.* FROM unnest($1::text[]) AS s(id) CROSS JOIN LATERAL (
       SELECT ${EVENT_COLUMNS} FROM events
       WHERE stream_id = s.id AND global_position > $2 AND ($3::bigint IS NULL OR global_position <= $3)
       ORDER BY global_position LIMIT $4) e
     ORDER BY e.global_position LIMIT $4`,
    [journeyStreams(learnerId, withNotes), after, upTo ?? null, limit ?? null],
  );
  return rows.map((r) => (closed ? catalog.openClosedLater(r) : catalog.open(r)));
}

/** How many events the learner's journey holds, the coach's notes included: its streams' versions, without counting rows. */
export async function journeyLength(db: Queryable, learnerId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT coalesce(sum(version), 0) AS n FROM streams WHERE stream_id = ANY($1::text[])', [
    journeyStreams(learnerId),
  ]);
  return Number(rows[0]!.n);
}

/**
 * The journey folded up to a global position (all of it when undefined), its personal texts left closed (for
 * openClosed on what is shown), and the position of the last event folded (null: none). It starts from the learner
 * stream's latest snapshot at or before the position, then folds the learner's later events and the coach's notes
 * (a few hundred at most) up to there. A read that folded more than the snapshots' spacing of the learner's events
 * has the missing snapshots written in the background, so that the next one does not.
 */
export async function journeyStateAt(
  db: Queryable,
  catalog: EventCatalog,
  snapshots: FoldSnapshots,
  learnerId: string,
  at?: number,
): Promise<{ state: JourneyState; at: number | null }> {
  const stream = learnerStreamId(learnerId);
  const snapshot = await snapshots.latest(stream, journeyFold, { atOrBefore: at });
  const { rows } = await db.query<Parameters<typeof toRecorded>[0] & Record<string, unknown>>(
    `SELECT ${EVENT_COLUMNS} FROM events
     WHERE ((stream_id = $1 AND global_position > $2) OR stream_id = $3) AND ($4::bigint IS NULL OR global_position <= $4)
     ORDER BY global_position`,
    [stream, snapshot?.globalPosition ?? 0, coachNotesStreamId(learnerId), at ?? null],
  );
  const events = rows.map((r) => catalog.openClosedLater(r));
  if (events.filter((e) => e.streamId === stream).length >= snapshots.every) void snapshots.refresh(stream, journeyFold);
  const last = Math.max(snapshot?.globalPosition ?? 0, events.at(-1)?.globalPosition ?? 0);
  return { state: events.reduce(evolveJourney, snapshot?.state ?? journeyFold.initial), at: last || null };
}
