// The coach's learner list (events/coach/queries.ts, its read models, migration 039): every page, for every order,
// direction and search, is the page of the list's plain definition — each learner's summary made from users,
// completions and their stream, filtered and sorted in JS; db:rebuild gives the read models the live projections
// left; and migration 039 fills them, for a database that had learners before it, as a rebuild would.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentActivity, progressPercent, REQUIRED_ACTIVITIES } from '../../../course/rules';
import { ACTIVITIES } from '../../../course/syllabus';
import { migrate } from '../../db/migrate';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import {
  DisplayNameChanged,
  EmailVerified,
  learnerStreamId,
  ROLES,
  RoleGranted,
  UserRegistered,
  VerificationRequested,
} from '../../../events/accounts/accounts.events';
import { ActivityCompleted, ReflectionSaved } from '../../../events/course/course.events';
import { PersonForgotten } from '../../../events/erasure/erasure.events';
import { createCatalog, projections } from '../../../events/registry';
import { createEventStore, type EventStore } from '../../../events/store/event-store';
import { rebuildProjections } from '../../../events/store/reader';
import type { NewEvent } from '../../../events/store/types';
import { LEARNER_SORTS, learnerSummaries, type LearnerSort, type LearnerSummary } from '../../../events/coach/queries';

const catalog = createCatalog();
const LIST_TABLES = ['learner_progress'];
const listProjections = projections.filter((p) => p.tables.some((t) => LIST_TABLES.includes(t)));

/**
 * A small deterministic generator (mulberry32, as the demo seed's scripts/seed-demo/random.ts, which server/ may not
 * import): the same learners on every run.
 */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Names repeat (display names are not unique) and differ only in case; a few addresses hold a literal underscore,
// a few a hyphen in its place.
const NAMES = ['Ana', 'ana', 'Ángela', 'Bruno', 'María José', "O'Neill", 'Zoe', 'Mariana', 'Luis', 'luis', 'Ana'];
const T0 = Date.parse('2026-01-05T09:00:00.000Z');
const HOUR = 3_600_000;

/**
 * Learners registered three to a transaction (equal registration times), then several rounds of writes — completions
 * in any order (ignorable ones and repeats among them), reflections, roles, a new name, a verification — some rounds
 * writing several learners at the same moment (equal last activity), some learners never writing again; the last
 * round at the database's own clock.
 */
async function writeLearners(store: EventStore, count: number): Promise<string[]> {
  const next = random(39);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const ids = Array.from({ length: count }, (_, i) => `00000000-0000-4000-8000-${String((i * 7919) % 100_003).padStart(12, '0')}`);
  for (let group = 0; group < count / 3; group++) {
    const members = ids.slice(group * 3, group * 3 + 3);
    await store.appendMany(
      members.map((userId, j) => {
        const n = group * 3 + j;
        const email =
          n % 13 === 4 ? `ana_maria${n}@example.com` : n % 13 === 7 ? `ana-maria${n}@example.com` : `${pick(['ana', 'bruno', 'zoe', 'luis'])}.${n}@Example.com`;
        const events: NewEvent[] = [UserRegistered.create({ userId, username: pick(NAMES), email })];
        if (n % 4) events.push(EmailVerified.create({ userId }));
        return { streamId: learnerStreamId(userId), events, expectedVersion: 0 };
      }),
      { recordedAt: new Date(T0 + group * HOUR) },
    );
  }
  const eventFor = (userId: string): NewEvent => {
    const roll = next();
    if (roll < 0.6) return ActivityCompleted.create({ userId, activityId: pick(ACTIVITIES).slug });
    if (roll < 0.7) return ReflectionSaved.create({ userId, activityId: pick(ACTIVITIES).slug, text: 'Lo que aprendí hoy.' });
    if (roll < 0.8) return RoleGranted.create({ userId, role: ROLES.premium, by: 'test' });
    if (roll < 0.9) return DisplayNameChanged.create({ userId, username: pick(NAMES) });
    return VerificationRequested.create({ userId });
  };
  for (let round = 0; round < 8; round++) {
    const active = ids.filter((_, i) => i % 9 !== 0 && next() < 0.6);
    const at = round < 7 ? new Date(T0 + (100 + round * 5) * HOUR) : undefined;
    // Half the round in one write (the same moment for all of them), the rest one at a time.
    const together = active.filter((_, i) => i % 2 === 0);
    const writes = (userIds: string[]) =>
      userIds.map((userId) => ({
        streamId: learnerStreamId(userId),
        events: Array.from({ length: 1 + Math.floor(next() * 4) }, () => eventFor(userId)),
        expectedVersion: 'any' as const,
      }));
    if (together.length) await store.appendMany(writes(together), { recordedAt: at });
    for (const [i, userId] of active.filter((_, i) => i % 2 === 1).entries()) {
      await store.appendMany(writes([userId]), { recordedAt: at && new Date(at.getTime() + (i + 1) * 60_000) });
    }
  }
  return ids;
}

const REQUIRED = new Set(REQUIRED_ACTIVITIES.map((a) => a.slug));
type Keyed = LearnerSummary & { keys: Record<LearnerSort, number> };

/**
 * The plain definition, from the tables the list read before its read models: each learner's summary and the keys
 * of the orders. Names and addresses compare as the database's collation does: their key is their rank there.
 */
async function everyLearner(pool: pg.Pool): Promise<Keyed[]> {
  const { rows: users } = await pool.query<{
    user_id: string;
    username: string;
    email: string;
    registered_at: Date;
    verified: boolean;
    roles: number[];
    name_rank: string;
    email_rank: string;
  }>(
    `SELECT user_id, username, email, registered_at, email_verified_at IS NOT NULL AS verified, roles,
            dense_rank() OVER (ORDER BY lower(username)) AS name_rank, dense_rank() OVER (ORDER BY lower(email)) AS email_rank
     FROM users`,
  );
  const { rows: completions } = await pool.query<{ user_id: string; activity_id: string }>('SELECT user_id, activity_id FROM completions');
  // The last event's time to the microsecond, as the database orders it (a Date keeps milliseconds).
  const { rows: streams } = await pool.query<{ stream_id: string; updated_at: Date; micros: string }>(
    `SELECT stream_id, updated_at, (extract(epoch FROM updated_at) * 1000000)::bigint AS micros FROM streams`,
  );
  const lastEvent = new Map(streams.map((s) => [s.stream_id, s]));
  return users.map((u) => {
    const done = completions.filter((c) => c.user_id === u.user_id).map((c) => c.activity_id);
    const current = currentActivity(done);
    const last = lastEvent.get(learnerStreamId(u.user_id))!;
    return {
      id: u.user_id,
      username: u.username,
      email: u.email,
      registeredAt: u.registered_at.toISOString(),
      verified: u.verified,
      premium: u.roles.includes(ROLES.premium),
      progressPercent: progressPercent(done),
      currentActivity: current ? { slug: current.slug, title: current.title } : null,
      lastActivityAt: last.updated_at.toISOString(),
      keys: {
        username: Number(u.name_rank),
        email: Number(u.email_rank),
        registeredAt: u.registered_at.getTime(),
        lastActivityAt: Number(last.micros),
        progress: done.filter((slug) => REQUIRED.has(slug)).length,
      },
    };
  });
}

function definedPage(all: Keyed[], { search, sort, order, page, pageSize }: Parameters<typeof learnerSummaries>[1]) {
  const s = search.toLowerCase();
  const matching = all.filter((l) => l.username.toLowerCase().includes(s) || l.email.toLowerCase().includes(s));
  const sign = order === 'asc' ? 1 : -1;
  const sorted = matching.sort((a, b) => sign * (a.keys[sort] - b.keys[sort]) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { learners: sorted.slice((page - 1) * pageSize, page * pageSize).map(({ keys: _keys, ...summary }) => summary), total: matching.length };
}

const tableRows = async (pool: pg.Pool) =>
  Object.fromEntries(await Promise.all(LIST_TABLES.map(async (t) => [t, (await pool.query(`SELECT * FROM ${t} ORDER BY user_id`)).rows] as const)));

describe('the learner list', () => {
  let db: TestDatabase;
  let ids: string[];
  beforeAll(async () => {
    db = await createTestDatabase();
    ids = await writeLearners(createEventStore({ pool: db.pool, catalog, projections }), 36);
  });
  afterAll(() => db?.drop());

  it('gives the pages of its definition for every order, direction and search', async () => {
    const all = await everyLearner(db.pool);
    expect(all).toHaveLength(ids.length);
    // The data has what the orders must settle: equal names, registration times, last activity and progress.
    for (const sort of LEARNER_SORTS.filter((s) => s !== 'email')) expect(new Set(all.map((l) => l.keys[sort])).size, sort).toBeLessThan(all.length);
    const pageSize = 7;
    // Searches: several names, a case-insensitive part of every address, a literal underscore (not the pattern's any
    // character, which would match the hyphens too), a literal %, an apostrophe, nothing.
    for (const search of ['', 'ana', 'EXAMPLE.COM', 'a_m', 'a_ma', '%', "o'n", 'nadie']) {
      for (const sort of LEARNER_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          const pages = Math.ceil(definedPage(all, { search, sort, order, page: 1, pageSize }).total / pageSize);
          for (let page = 1; page <= pages + 1; page++) {
            const query = { search, sort, order, page, pageSize };
            expect(await learnerSummaries(db.pool, query), JSON.stringify(query)).toEqual(definedPage(all, query));
          }
        }
      }
    }
    expect(definedPage(all, { search: 'a_m', sort: 'email', order: 'asc', page: 1, pageSize: 50 }).total).toBeGreaterThan(0);
    expect(definedPage(all, { search: 'a-m', sort: 'email', order: 'asc', page: 1, pageSize: 50 }).total).toBeGreaterThan(0);
  });

  it('db:rebuild reproduces its read models: a row per learner, each as the live projections left it', async () => {
    const live = await tableRows(db.pool);
    for (const t of LIST_TABLES) expect(live[t], t).toHaveLength(ids.length);
    await rebuildProjections(db.pool, catalog, projections);
    expect(await tableRows(db.pool)).toEqual(live);
  });

  it('leaves out a forgotten learner in every order, though their stream stays in the log', async () => {
    const forgotten = ids[5]!;
    const store = createEventStore({ pool: db.pool, catalog, projections });
    await store.append(learnerStreamId(forgotten), [PersonForgotten.create({ subject: `user:${forgotten}` })], { expectedVersion: 'any' });
    const all = await everyLearner(db.pool);
    expect(all.map((l) => l.id)).not.toContain(forgotten);
    // Every page full: an id the order's index gives for the forgotten learner would leave one short.
    for (const sort of LEARNER_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        for (let page = 1; page <= Math.ceil(all.length / 7); page++) {
          const query = { search: '', sort, order, page, pageSize: 7 };
          expect(await learnerSummaries(db.pool, query), JSON.stringify(query)).toEqual(definedPage(all, query));
        }
      }
    }
  });
});

describe('migration 039', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrationsBefore: '039' });
  });
  afterAll(() => db?.drop());

  it('fills the read models of the learners already registered as a rebuild does', async () => {
    // Before 039 the list's tables do not exist: the store writes without their projections.
    const old = createEventStore({ pool: db.pool, catalog, projections: projections.filter((p) => !listProjections.includes(p)) });
    const ids = await writeLearners(old, 24);
    await migrate(db.pool);
    const backfilled = await tableRows(db.pool);
    for (const t of LIST_TABLES) expect(backfilled[t], t).toHaveLength(ids.length);
    await rebuildProjections(db.pool, catalog, listProjections);
    expect(await tableRows(db.pool)).toEqual(backfilled);
  });
});
