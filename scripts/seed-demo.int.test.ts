// The demo seed on a fresh database: enough learners, ninety days of history, a funnel that narrows,
// a journey the coach replays with a re-rating, working demo logins, and runs after the first that add
// nothing (finished, or resumed after an interruption).
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_CONFIG } from '../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { learnerStreamId } from '../events/accounts/accounts.events';
import { journeyAt } from '../events/coach/journey';
import { createCatalog } from '../events/registry';
import { EVENT_COLUMNS, toRecorded } from '../events/store/event-store';
import { verifyPassword } from '../server/features/accounts/secrets';
import { composeRuntime } from '../server/runtime';
import { salesLedger } from '../events/payments/queries';
import { DEMO_LEARNER_EMAIL } from './seed-demo/learners';
import { COACH_EMAIL, DEMO_PASSWORD, seedDemo, type SeedOptions } from './seed-demo/seed';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-03-16T15:00:00Z');

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

/** A run of `npm run db:seed-demo`: a process of its own, built as the script builds it. */
const seed = async (options?: SeedOptions) =>
  seedDemo(await composeRuntime({ config: TEST_CONFIG, database: db, log: pino({ level: 'silent' }), jobs: false }), options);
const eventCount = async () => Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);

describe('seedDemo', () => {
  it('writes a living coach’s desk through the real append path', { timeout: 240_000 }, async () => {
    const report = await seed({ now: NOW });
    expect(report).toMatchObject({ alreadySeeded: false, resumed: false });
    expect(report.totalWritten).toBe(await eventCount());
    expect(report.totalWritten).toBeGreaterThan(4000);

    const { rows: learners } = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE NOT (9 = ANY(roles))');
    expect(Number(learners[0]!.n)).toBeGreaterThanOrEqual(30);

    const { rows: span } = await db.pool.query<{ first: Date; last: Date }>('SELECT min(recorded_at) AS first, max(recorded_at) AS last FROM events');
    expect(span[0]!.last.getTime() - span[0]!.first.getTime()).toBeGreaterThanOrEqual(60 * DAY_MS);
    expect(span[0]!.last.getTime()).toBeLessThanOrEqual(NOW.getTime());

    // The async projections were caught up: the funnel narrows at every step.
    const { rows: funnel } = await db.pool.query<{ views: number; leads: number; signups: number; payments: number }>(
      'SELECT sum(views)::int AS views, sum(leads + subscriptions)::int AS leads, sum(signups)::int AS signups, sum(payments)::int AS payments FROM funnel_daily',
    );
    const { views, leads, signups, payments } = funnel[0]!;
    expect(views).toBeGreaterThanOrEqual(3000);
    expect(views).toBeGreaterThan(leads);
    expect(leads).toBeGreaterThan(signups);
    expect(signups).toBeGreaterThan(payments);
    expect(payments).toBeGreaterThan(0);
    // Most who asked for the letters confirmed; a few never opened the mail.
    const { rows: subscribers } = await db.pool.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM subscribers GROUP BY status');
    const byStatus = Object.fromEntries(subscribers.map((r) => [r.status, r.n]));
    expect(byStatus.confirmed).toBeGreaterThan(byStatus.pending ?? 0);
    expect(byStatus.pending).toBeGreaterThan(0);
    const { rows: attributed } = await db.pool.query<{ touch: string }>("SELECT DISTINCT touch FROM funnel_attribution WHERE touch <> 'none'");
    expect(attributed.map((r) => r.touch).sort()).toEqual(['email', 'visitor']);

    // The demo learner's journey, as the coach's replay folds it: an area rated twice, and it shows.
    const { rows: users } = await db.pool.query<{ user_id: string; roles: number[] }>('SELECT user_id, roles FROM users WHERE email = $1', [
      DEMO_LEARNER_EMAIL,
    ]);
    const learner = users[0]!;
    expect(learner.roles).toEqual([7]);
    const { rows } = await db.pool.query(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 ORDER BY global_position`, [
      learnerStreamId(learner.user_id),
    ]);
    const events = rows.map((r) => createCatalog().upcast(toRecorded(r as never)));
    const ratedAreas = events.filter((e) => e.type === 'AreaRated').map((e) => (e.data as { areaId: string }).areaId);
    expect(new Set(ratedAreas).size).toBeLessThan(ratedAreas.length);
    const journey = journeyAt(events);
    expect(Object.keys(journey.wheel.ratings).some((area) => journey.wheel.ratings[area] !== journey.firstRatings[area])).toBe(true);
    expect(journey.deepWhy.selectedAreaIds).toHaveLength(3);
    expect(journey.progress.completed.size).toBeGreaterThan(10);

    // Both demo logins work; nobody else has a password.
    const { rows: credentials } = await db.pool.query<{ email: string; hash: string; roles: number[] }>(
      'SELECT u.email, c.hash, u.roles FROM password_credentials c JOIN users u USING (user_id) ORDER BY u.email',
    );
    expect(credentials.map((c) => [c.email, c.roles])).toEqual([
      [DEMO_LEARNER_EMAIL, [7]],
      [COACH_EMAIL, [9]],
    ]);
    for (const c of credentials) expect(await verifyPassword(c.hash, DEMO_PASSWORD)).toBe(true);
  });

  it('lets the demo coach and learner log in, and the coach list and replay the learners', async () => {
    const { app, close } = await startTestApp(db);
    try {
      const login = async (email: string) => {
        const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
        expect(res.statusCode, res.body).toBe(200);
        return String(res.headers['set-cookie']).split(';')[0]!;
      };
      await login(DEMO_LEARNER_EMAIL);
      const coach = await login(COACH_EMAIL);
      const list = await app.inject({ method: 'GET', url: '/api/coach/learners?pageSize=100', headers: { cookie: coach } });
      expect(list.statusCode, list.body).toBe(200);
      expect((list.json().data as { total: number }).total).toBeGreaterThanOrEqual(40);
      const { rows } = await db.pool.query<{ user_id: string }>('SELECT user_id FROM users WHERE email = $1', [DEMO_LEARNER_EMAIL]);
      const state = await app.inject({ method: 'GET', url: `/api/coach/learners/${rows[0]!.user_id}/state`, headers: { cookie: coach } });
      expect(state.statusCode, state.body).toBe(200);
      const view = state.json().data as { ratings: Record<string, number>; firstRatings: Record<string, number>; beliefs: Record<string, string> };
      expect(Object.keys(view.ratings).some((area) => view.ratings[area] !== view.firstRatings[area])).toBe(true);
      expect(Object.keys(view.beliefs)).toHaveLength(12);
    } finally {
      await close();
    }
  });

  it('leaves the sales ledger with purchases in every state, guests and learners, and payments held for the coach', async () => {
    const { counts, sales } = await salesLedger(db.pool, {}, { limit: 200, offset: 0 });
    for (const state of ['started', 'approved', 'refunded', 'charged_back', 'held'] as const) expect(counts[state], state).toBeGreaterThan(0);
    expect(sales.some((s) => s.buyer?.kind === 'guest' && s.state === 'approved')).toBe(true);
    expect(sales.some((s) => s.buyer?.kind === 'account' && s.state === 'started')).toBe(true);
    expect(sales.some((s) => s.funnel !== null && s.buyer?.kind === 'guest')).toBe(true);
  });

  it('writes nothing on a second run', async () => {
    const before = await eventCount();
    const again = await seed();
    expect(again).toMatchObject({ alreadySeeded: true, totalWritten: 0, now: NOW });
    expect(await eventCount()).toBe(before);
  });

  it('finishes an interrupted run from the same plan without writing anything twice', { timeout: 240_000 }, async () => {
    // The state a run leaves when it stops before its last step (the coach's role): the read model
    // without role 9. The log stays as it is.
    await db.pool.query('UPDATE users SET roles = $2 WHERE email = $1', [COACH_EMAIL, []]);
    const before = await eventCount();
    const resumed = await seed({ now: new Date(NOW.getTime() + 3 * DAY_MS) });
    expect(resumed).toMatchObject({ alreadySeeded: false, resumed: true, totalWritten: 0, now: NOW });
    expect(await eventCount()).toBe(before);
  });
});
