// npm run bench:coach — the coach's desk at scale: a learner with 10,000 events (the journey page's API
// calls, timed at the server with inject), and the funnel query over 1,000,000 lead events (90 days).
// Uses BENCH_DATABASE_URL (a role that may CREATE DATABASE) when set, else a throwaway embedded PostgreSQL.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { LIFE_AREAS } from '../course/areas';
import { AREA_BELIEFS_ACTIVITY } from '../course/activities';
import { ROLES, learnerStreamId, RoleGranted, UserRegistered, EmailVerified } from '../events/accounts/accounts.events';
import { LeadCaptured, LeadPageViewed, visitStreamId, FUNNEL_PAGES } from '../events/leads/leads.events';
import { createEventStore, type EventStore } from '../events/store/event-store';
import { catchUp, startProjectionDaemon } from '../events/store/reader';
import type { NewEvent } from '../events/store/types';
import { AreaDefinitionSaved, AreaRated } from '../events/wheel/wheel.events';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { hashPassword } from '../server/features/accounts/secrets';
import { composeRuntime } from '../server/runtime';
import { openBenchDatabase } from './database';

const JOURNEY_EVENTS = Number(process.env.BENCH_JOURNEY_EVENTS ?? 10_000);
const FUNNEL_EVENTS = Number(process.env.BENCH_FUNNEL_EVENTS ?? 1_000_000);
const RUNS = 20;
const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 10);
const DAY = 86_400_000;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
async function timeIt(runs: number, f: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A year of a learner's journey: ratings, and every third event a belief in their own words. */
async function writeJourney(store: EventStore, learnerId: string, username: string): Promise<number> {
  await store.append(learnerStreamId(learnerId), [UserRegistered.create({ userId: learnerId, username, email: `${username}@bench.test` })], {
    expectedVersion: 0,
  });
  let version = 1;
  const start = Date.now() - 365 * DAY;
  while (version < JOURNEY_EVENTS) {
    const events: NewEvent[] = [];
    for (let i = 0; i < 100 && version + events.length < JOURNEY_EVENTS; i++) {
      const n = version + events.length;
      const area = LIFE_AREAS[n % LIFE_AREAS.length]!.id;
      events.push(
        n % 3 === 0
          ? AreaDefinitionSaved.create({
              userId: learnerId,
              activityId: AREA_BELIEFS_ACTIVITY,
              areaId: area,
              definition: `Hoy noto que en esta área todavía me cuesta confiar (${n}).`,
            })
          : AreaRated.create({ userId: learnerId, areaId: area, score: n % 11 }),
      );
    }
    const r = await store.append(learnerStreamId(learnerId), events, {
      expectedVersion: version,
      recordedAt: new Date(start + (version / JOURNEY_EVENTS) * 365 * DAY),
    });
    version = r.nextVersion;
  }
  return version;
}

async function main() {
  const db = await openBenchDatabase(`manifiesta_coach_bench_${Date.now()}`, 16);
  const { pool } = db;
  const config = { ...loadConfig({}), LOG_LEVEL: 'silent' as const, SERVE_CLIENT: false, RATE_LIMIT_PER_IP: 1_000_000 };
  // No job queue: the bench writes no job and reads no queue.
  const runtime = await composeRuntime({ config, database: db, log: pino({ level: 'silent' }), jobs: false });
  const { store, catalog, projections } = runtime;
  try {
    await migrate(pool);

    // A coach and a learner with JOURNEY_EVENTS events over a year (ratings and texts, as a busy learner writes).
    const coachId = randomUUID();
    const learnerId = randomUUID();
    await store.append(
      learnerStreamId(coachId),
      [
        UserRegistered.create({ userId: coachId, username: 'coach', email: 'coach@bench.test' }),
        EmailVerified.create({ userId: coachId }),
        RoleGranted.create({ userId: coachId, role: ROLES.coach, by: 'bench' }),
      ],
      {
        expectedVersion: 0,
        alsoInTransaction: async (tx) =>
          void (await tx.query('INSERT INTO password_credentials (user_id, hash) VALUES ($1, $2)', [coachId, await hashPassword('bench-password-123')])),
      },
    );
    // Two learners with the same journey: one written with its personal fields sealed (as the app writes), one
    // without (the baseline), so the state fold's cost of opening them is measured in the same run.
    const plainLearnerId = randomUUID();
    const plainStore = createEventStore({ pool, catalog, projections, sealing: false });
    const t0 = performance.now();
    const version = await writeJourney(store, learnerId, 'constante');
    await writeJourney(plainStore, plainLearnerId, 'sin-sellar');
    console.log(`learner with ${version} events written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const app = await runtime.buildApp();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'coach@bench.test', password: 'bench-password-123' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const get = async (path: string) => {
      const res = await app.inject({ method: 'GET', url: path, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    const firstPage = (await get(`/api/coach/learners/${learnerId}/journey?limit=2000`)).json().data;
    const mid = firstPage.events[Math.floor(firstPage.events.length / 2)].globalPosition;
    const journeyPage = await timeIt(RUNS, () => get(`/api/coach/learners/${learnerId}/journey?limit=2000`));
    const stateNow = await timeIt(RUNS, () => get(`/api/coach/learners/${learnerId}/state`));
    const stateAt = await timeIt(RUNS, () => get(`/api/coach/learners/${learnerId}/state?at=${mid}`));
    console.log(`journey page (2,000 of ${version} events): p50 ${ms(journeyPage.p50)}, p95 ${ms(journeyPage.p95)}`);
    console.log(`state now: p50 ${ms(stateNow.p50)}, p95 ${ms(stateNow.p95)}`);
    console.log(`state at a past position: p50 ${ms(stateAt.p50)}, p95 ${ms(stateAt.p95)}`);
    // Sealed and plain learners take turns, so that whatever else the machine does lands on both.
    const sealedState: number[] = [];
    const plainState: number[] = [];
    for (let round = 0; round < 5; round++) {
      sealedState.push((await timeIt(RUNS, () => get(`/api/coach/learners/${learnerId}/state`))).p50);
      plainState.push((await timeIt(RUNS, () => get(`/api/coach/learners/${plainLearnerId}/state`))).p50);
    }
    const [sealedP50, plainP50] = [quantile(sealedState, 0.5), quantile(plainState, 0.5)];
    console.log(
      `state now, sealed vs plain personal fields (${Math.floor(version / 3)} of ${version} events sealed): p50 ${ms(sealedP50)} vs ${ms(plainP50)} = ${((sealedP50 / plainP50 - 1) * 100).toFixed(0)} % overhead`,
    );

    // Projection lag: page views appended at ~500 events/s for LAG_SECONDS while the daemon follows the log
    // (as in the server); every 100 ms, how long the oldest event not yet in analytics_daily has waited.
    {
      for (const p of projections) if (p.mode === 'async') await catchUp(pool, catalog, p);
      const daemon = startProjectionDaemon(pool, catalog, projections);
      const appended: Array<[number, number]> = [];
      const lags: number[] = [];
      const until = performance.now() + LAG_SECONDS * 1000;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          await new Promise((r) => setTimeout(r, 100));
          const { rows } = await pool.query<{ p: string }>("SELECT global_position AS p FROM projection_checkpoints WHERE projection = 'analytics_daily'");
          const done = Number(rows[0]?.p ?? 0);
          const waiting = appended.find(([position]) => position > done);
          lags.push(waiting ? performance.now() - waiting[1] : 0);
        }
      })();
      let sent = 0;
      const t = performance.now();
      while (performance.now() < until) {
        const due = Math.floor(((performance.now() - t) / 1000) * 500);
        const batch: Promise<void>[] = [];
        for (; sent < due; sent++) {
          const visitorId = randomUUID();
          batch.push(
            store.append(visitStreamId(visitorId), [LeadPageViewed.create({ visitorId, page: 'nostalgia' })], { expectedVersion: 'any' }).then((r) => {
              appended.push([r.events[0]!.globalPosition, performance.now()]);
            }),
          );
        }
        await Promise.all(batch);
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 1500));
      sampling = false;
      await sampler;
      await daemon.stop();
      const rate = sent / ((until - t) / 1000);
      console.log(
        `projection lag at ${rate.toFixed(0)} events/s: p50 ${ms(quantile(lags, 0.5))}, p95 ${ms(quantile(lags, 0.95))}, max ${ms(Math.max(...lags))}`,
      );
    }

    // FUNNEL_EVENTS lead events over 90 days, then the analytics projections catch up.
    const t1 = performance.now();
    const pages = FUNNEL_PAGES.filter((p) => p !== 'confirmacion-pago');
    let written = 0;
    const writers = 8;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        while (written < FUNNEL_EVENTS) {
          const visitorId = randomUUID();
          const at = new Date(Date.now() - Math.floor(Math.random() * 90) * DAY);
          const events: NewEvent[] = Array.from({ length: 100 }, (_, i) =>
            i % 10 === 9
              ? LeadCaptured.create({
                  email: `v${w}-${written + i}@bench.test`,
                  nick: 'Ana',
                  page: 'nostalgia',
                  section: 'fragmento',
                  status: 'downloaded',
                  firstForSource: true,
                  visitorId,
                })
              : LeadPageViewed.create({ visitorId, page: pages[(written + i) % pages.length]! }),
          );
          written += events.length;
          await store.append(visitStreamId(visitorId), events, { expectedVersion: 'any', recordedAt: at });
        }
      }),
    );
    console.log(`${written.toLocaleString('en')} lead events written in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    const t2 = performance.now();
    for (const p of projections) if (p.mode === 'async') await catchUp(pool, catalog, p);
    console.log(`async projections caught up in ${((performance.now() - t2) / 1000).toFixed(1)} s`);
    const funnel = await timeIt(RUNS, () => get('/api/coach/analytics/funnel'));
    console.log(`funnel over 90 days (${written.toLocaleString('en')} lead events): p50 ${ms(funnel.p50)}, p95 ${ms(funnel.p95)}`);
    await runtime.close();
  } finally {
    await db.close();
  }
}

await main();
