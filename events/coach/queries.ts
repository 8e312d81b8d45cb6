// What the coach's desk reads: the learners (the accounts' users, with their completions from the course's
// read model and the time of their stream's last event) and each learner's journey, straight from the log.
import { currentActivity, progressPercent } from '../../course/rules';
import { ACTIVITIES } from '../../course/syllabus';
import { learnerStreamId } from '../accounts/accounts.events';
import type { EventCatalog } from '../store/catalog';
import { EVENT_COLUMNS, toRecorded } from '../store/event-store';
import type { FoldSnapshots } from '../store/snapshots';
import type { Queryable, RecordedEvent } from '../store/types';
import { coachNotesStreamId } from './coach.events';
import { evolveJourney, journeyFold, type JourneyState } from './journey';

/** The orders the learners can be listed in. */
const SORTS = {
  username: 'lower(u.username)',
  email: 'lower(u.email)',
  registeredAt: 'u.registered_at',
  lastActivityAt: 's.updated_at',
  progress: 'completed_required',
} as const;
export type LearnerSort = keyof typeof SORTS;
export const LEARNER_SORTS = Object.keys(SORTS) as [LearnerSort, ...LearnerSort[]];

const REQUIRED = ACTIVITIES.filter((a) => !a.isIgnorable).map((a) => a.slug);

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
  total: string;
};
const LEARNER_SELECT = `
  SELECT u.user_id, u.username, u.email, u.registered_at, u.email_verified_at IS NOT NULL AS verified, 7 = ANY(u.roles) AS premium,
         (SELECT array_agg(c.activity_id) FROM completions c WHERE c.user_id = u.user_id) AS completed,
         (SELECT count(*) FROM completions c WHERE c.user_id = u.user_id AND c.activity_id = ANY($1::text[])) AS completed_required,
         s.updated_at AS last_activity_at, count(*) OVER () AS total
  FROM users u LEFT JOIN streams s ON s.stream_id = 'learner-' || u.user_id::text`;

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
  const { rows } = await db.query<LearnerRow>(`${LEARNER_SELECT} WHERE u.user_id = $2`, [REQUIRED, learnerId]);
  return rows[0] && toSummary(rows[0]);
}

/** A page of the learners whose name or address contains `search`, and how many match in all. */
export async function learnerSummaries(
  db: Queryable,
  { search, sort, order, page, pageSize }: { search: string; sort: LearnerSort; order: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ learners: LearnerSummary[]; total: number }> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '';
  const { rows } = await db.query<LearnerRow>(
    `${LEARNER_SELECT}
     WHERE ($2 = '' OR u.username ILIKE $2 OR u.email ILIKE $2)
     ORDER BY ${SORTS[sort]} ${order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, u.user_id
     LIMIT $3 OFFSET $4`,
    [REQUIRED, pattern, pageSize, (page - 1) * pageSize],
  );
  return { learners: rows.map(toSummary), total: Number(rows[0]?.total ?? 0) };
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
