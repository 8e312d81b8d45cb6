// npm run bench:scale — how the coach's desk grows with the data: lead events and learners written in steps
// (a tenth, a fifth, half and all of BENCH_SCALE), and at each step the async projections' catch-up over what
// the step added, the funnel over 90 days and the learner list (first page, sorted by progress, a search, a
// deep page), timed at the server (Fastify inject). BENCH_SCALE=10m is the opt-in run the issue asks for
// (10,000,000 lead events and 100,000 learners); the default, 1m, a tenth of it.
// Uses BENCH_DATABASE_URL (a role that may CREATE DATABASE) when set, else a throwaway embedded PostgreSQL.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import pino from 'pino';
import { learnerStreamId, UserRegistered, EmailVerified } from '../events/accounts/accounts.events';
import { ActivityCompleted } from '../events/course/course.events';
import { catchUp } from '../events/store/reader';
import type { NewEvent } from '../events/store/types';
import { ACTIVITIES } from '../course/syllabus';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { composeRuntime } from '../server/runtime';
import { openBenchDatabase } from './database';
import { coachSession, createCoach, timeIt, ms, writeLeadEvents } from './fixtures';

const SCALES: Record<string, { leads: number; learners: number }> = {
  '100k': { leads: 100_000, learners: 1_000 },
  '1m': { leads: 1_000_000, learners: 10_000 },
  '10m': { leads: 10_000_000, learners: 100_000 },
};
const SCALE = process.env.BENCH_SCALE ?? '1m';
const RUNS = 20;

/** Learners as they are after a while: registered, most verified, each some way into the course. */
async function writeLearners(store: Awaited<ReturnType<typeof composeRuntime>>['store'], from: number, to: number) {
  let next = from;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < to) {
        const n = next++;
        const userId = randomUUID();
        const done = n % (ACTIVITIES.length + 1);
        const events: NewEvent[] = [
          UserRegistered.create({ userId, username: `persona${n}`, email: `persona${n}@bench.test` }),
          ...(n % 5 ? [EmailVerified.create({ userId })] : []),
          ...ACTIVITIES.slice(0, done).map((a) => ActivityCompleted.create({ userId, activityId: a.slug })),
        ];
        await store.append(learnerStreamId(userId), events, { expectedVersion: 0 });
      }
    }),
  );
}

const lastPosition = async (pool: pg.Pool) => Number((await pool.query<{ p: string | null }>('SELECT max(global_position) AS p FROM events')).rows[0]!.p ?? 0);

async function main() {
  const scale = SCALES[SCALE];
  if (!scale) throw new Error(`BENCH_SCALE must be one of ${Object.keys(SCALES).join(', ')}`);
  const db = await openBenchDatabase(`manifiesta_scale_bench_${Date.now()}`, 16);
  const config = { ...loadConfig({}), LOG_LEVEL: 'silent' as const, SERVE_CLIENT: false, RATE_LIMIT_PER_IP: 1_000_000 };
  const runtime = await composeRuntime({ config, database: db, log: pino({ level: 'silent' }), jobs: false });
  const { store, catalog, projections } = runtime;
  try {
    await migrate(db.pool);
    await createCoach(store);
    const app = await runtime.buildApp();
    const get = await coachSession(app);
    const rows: string[] = [];
    let leads = 0;
    let learners = 0;
    for (const share of [0.1, 0.2, 0.5, 1]) {
      const before = await lastPosition(db.pool);
      const t0 = performance.now();
      const added = await writeLeadEvents(store, Math.round(scale.leads * share) - leads);
      leads += added;
      const learnersTo = Math.round(scale.learners * share);
      await writeLearners(store, learners, learnersTo);
      learners = learnersTo;
      const written = (performance.now() - t0) / 1000;
      const appended = (await lastPosition(db.pool)) - before;
      const t1 = performance.now();
      let caughtUp = 0;
      for (const p of projections) if (p.mode === 'async') caughtUp += await catchUp(db.pool, catalog, p);
      const catchUpSeconds = (performance.now() - t1) / 1000;
      const funnel = await timeIt(RUNS, () => get('/api/coach/analytics/funnel'));
      const list = await timeIt(RUNS, () => get('/api/coach/learners'));
      const byProgress = await timeIt(RUNS, () => get('/api/coach/learners?sort=progress&order=desc'));
      const search = await timeIt(RUNS, () => get(`/api/coach/learners?search=persona${Math.floor(learners / 2)}`));
      const deep = await timeIt(RUNS, () => get(`/api/coach/learners?sort=username&page=${Math.ceil(learners / 40)}`));
      const { rows: size } = await db.pool.query<{ size: string }>('SELECT pg_size_pretty(pg_database_size(current_database())) AS size');
      console.log(
        `${leads.toLocaleString('en')} lead events, ${learners.toLocaleString('en')} learners (written in ${written.toFixed(0)} s, database ${size[0]!.size}):` +
          ` ${appended.toLocaleString('en')} events; the async projections caught up (${caughtUp.toLocaleString('en')} handled) in ${catchUpSeconds.toFixed(1)} s;` +
          ` funnel p50 ${ms(funnel.p50)} p95 ${ms(funnel.p95)}; learners p50 ${ms(list.p50)} p95 ${ms(list.p95)};` +
          ` by progress p95 ${ms(byProgress.p95)}; search p95 ${ms(search.p95)}; middle page p95 ${ms(deep.p95)}`,
      );
      rows.push(
        `| ${leads.toLocaleString('en')} | ${learners.toLocaleString('en')} | ${size[0]!.size} | ${Math.round(appended / catchUpSeconds).toLocaleString('en')} ev/s |` +
          ` ${ms(funnel.p50)} / ${ms(funnel.p95)} | ${ms(list.p95)} | ${ms(byProgress.p95)} | ${ms(search.p95)} | ${ms(deep.p95)} |`,
      );
    }
    console.log(
      '\n| lead events | learners | database | catch-up (events the step added) | funnel p50 / p95 | learners, first page p95 | by progress p95 | search p95 | middle page p95 |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
    await runtime.close();
  } finally {
    await db.close();
  }
}

await main();
