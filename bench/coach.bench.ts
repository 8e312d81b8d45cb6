// npm run bench:coach — the coach's desk at scale: a learner with 10,000 events and one with 100,000 (the journey
// page's API calls, timed at the server with inject, with the fold snapshots the first read writes), a command on
// the long stream in a process that has not seen it, and the funnel query over 1,000,000 lead events (90 days).
// Uses BENCH_DATABASE_URL (a role that may CREATE DATABASE) when set, else a throwaway embedded PostgreSQL.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { LIFE_AREAS } from '../course/areas';
import { AREA_BELIEFS_ACTIVITY } from '../course/activities';
import { learnerStreamId, UserRegistered } from '../events/accounts/accounts.events';
import { LeadPageViewed, visitStreamId } from '../events/leads/leads.events';
import { createEventStore, type EventStore } from '../events/store/event-store';
import { learnerFold } from '../events/learner';
import { handleCommand } from '../events/store/command';
import { catchUp, startProjectionDaemon } from '../events/store/reader';
import type { NewEvent } from '../events/store/types';
import { AreaDefinitionSaved, AreaRated } from '../events/wheel/wheel.events';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { composeRuntime } from '../server/runtime';
import { openBenchDatabase } from './database';
import { coachSession, createCoach, DAY, ms, quantile, timeIt, writeLeadEvents } from './fixtures';

const JOURNEY_EVENTS = Number(process.env.BENCH_JOURNEY_EVENTS ?? 10_000);
const LONG_JOURNEY_EVENTS = Number(process.env.BENCH_LONG_JOURNEY_EVENTS ?? 100_000);
const FUNNEL_EVENTS = Number(process.env.BENCH_FUNNEL_EVENTS ?? 1_000_000);
const RUNS = 20;
const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 10);

/** The events of a year of a learner's journey from `version` to `length`: ratings, and every third event a belief in their own words. */
async function extendJourney(store: EventStore, learnerId: string, version: number, length: number): Promise<number> {
  const start = Date.now() - 365 * DAY;
  while (version < length) {
    const events: NewEvent[] = [];
    for (let i = 0; i < 100 && version + events.length < length; i++) {
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
      recordedAt: new Date(start + (version / length) * 365 * DAY),
    });
    version = r.nextVersion;
  }
  return version;
}

/** A learner with a year of journey, `length` events in all. */
async function writeJourney(store: EventStore, learnerId: string, username: string, length = JOURNEY_EVENTS): Promise<number> {
  await store.append(learnerStreamId(learnerId), [UserRegistered.create({ userId: learnerId, username, email: `${username}@bench.test` })], {
    expectedVersion: 0,
  });
  return extendJourney(store, learnerId, 1, length);
}

/** The store as it read before fold snapshots: every state folded from the stream's first event. */
const withoutSnapshots = (s: EventStore): EventStore => ({
  ...s,
  snapshots: { every: Infinity, latest: async () => undefined, refresh: async () => {}, settled: async () => {} },
});

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
    await createCoach(store);
    const learnerId = randomUUID();
    // Two learners with the same journey: one written with its personal fields sealed (as the app writes), one
    // without (the baseline), so the state fold's cost of opening them is measured in the same run.
    const plainLearnerId = randomUUID();
    const plainStore = createEventStore({ pool, catalog, projections, sealing: false });
    const t0 = performance.now();
    const version = await writeJourney(store, learnerId, 'constante');
    await writeJourney(plainStore, plainLearnerId, 'sin-sellar');
    console.log(`learner with ${version} events written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // Statistics as autovacuum keeps them on a table that grows over months, not minutes: without them the planner
    // takes the learner's stream for a handful of rows and sorts all of it for a page.
    await pool.query('ANALYZE events');

    const app = await runtime.buildApp();
    const unsnapshotted = await runtime.buildApp({ wrapStore: withoutSnapshots });
    const get = await coachSession(app);
    const getWithout = await coachSession(unsnapshotted);
    /**
     * The journey page, state now and state at random positions of one learner. The first read of the state folds
     * the whole stream and has the snapshots written in the background: that read and the writing are timed apart.
     */
    const desk = async (id: string, events: number) => {
      const label = events.toLocaleString('en');
      const t = performance.now();
      const first = (await get(`/api/coach/learners/${id}/state`)).json().data;
      const firstRead = performance.now() - t;
      await store.snapshots.settled();
      const written = performance.now() - t;
      console.log(`${label} events: first state read (no snapshot yet) ${ms(firstRead)}; its snapshots written by ${ms(written)}`);
      const last: number = first.at;
      const from = last - events;
      const page = await timeIt(RUNS, () => get(`/api/coach/learners/${id}/journey?limit=2000`));
      const pageMid = await timeIt(RUNS, () => get(`/api/coach/learners/${id}/journey?limit=2000&after=${from + Math.floor(events / 2)}`));
      const now = await timeIt(RUNS, () => get(`/api/coach/learners/${id}/state`));
      const at = await timeIt(RUNS, () => get(`/api/coach/learners/${id}/state?at=${from + Math.floor(Math.random() * events)}`));
      console.log(`${label} events: journey page (first 2,000): p50 ${ms(page.p50)}, p95 ${ms(page.p95)}`);
      console.log(`${label} events: journey page (2,000 from the middle): p50 ${ms(pageMid.p50)}, p95 ${ms(pageMid.p95)}`);
      console.log(`${label} events: state now: p50 ${ms(now.p50)}, p95 ${ms(now.p95)}`);
      console.log(`${label} events: state at a random position: p50 ${ms(at.p50)}, p95 ${ms(at.p95)}`);
      // The longest tail a read folds: every event since the last snapshot but one.
      const longest = await extendJourney(store, id, events, events + store.snapshots.every - 1 - (events % store.snapshots.every));
      const tail = await timeIt(RUNS, () => get(`/api/coach/learners/${id}/state`));
      console.log(`${label} events: state now, ${longest - events} events after the last snapshot: p50 ${ms(tail.p50)}, p95 ${ms(tail.p95)}`);
      return longest;
    };
    const sealedVersion = await desk(learnerId, version);
    await extendJourney(plainStore, plainLearnerId, version, sealedVersion);

    // What sealing costs the whole fold (both learners folded from their first event, as before snapshots; the plain
    // learner has no data key, so no snapshot is ever written of it). Sealed and plain learners take turns, so that whatever else the machine does lands on both.
    const sealedState: number[] = [];
    const plainState: number[] = [];
    for (let round = 0; round < 5; round++) {
      sealedState.push((await timeIt(RUNS, () => getWithout(`/api/coach/learners/${learnerId}/state`))).p50);
      plainState.push((await timeIt(RUNS, () => getWithout(`/api/coach/learners/${plainLearnerId}/state`))).p50);
    }
    const [sealedP50, plainP50] = [quantile(sealedState, 0.5), quantile(plainState, 0.5)];
    console.log(
      `state now without snapshots, sealed vs plain personal fields (${Math.floor(sealedVersion / 3)} of ${sealedVersion} events sealed): p50 ${ms(sealedP50)} vs ${ms(plainP50)} = ${((sealedP50 / plainP50 - 1) * 100).toFixed(0)} % overhead`,
    );

    // A learner with LONG_JOURNEY_EVENTS events (the same kinds), and a command on that stream in a process that
    // has never read it (a store of its own, nothing in memory): it starts from the learner fold's snapshot.
    {
      const longId = randomUUID();
      const t = performance.now();
      const longVersion = await writeJourney(store, longId, 'constante-larga', LONG_JOURNEY_EVENTS);
      console.log(`learner with ${longVersion} events written in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      await pool.query('ANALYZE events');
      await desk(longId, longVersion);
      const stream = learnerStreamId(longId);
      const command = (fresh = createEventStore({ pool, catalog, projections })) => handleCommand(fresh, stream, learnerFold, () => ({ events: [] }));
      const t1 = performance.now();
      const first = createEventStore({ pool, catalog, projections });
      await command(first);
      await first.snapshots.settled();
      console.log(
        `${longVersion.toLocaleString('en')} events: first command in a fresh process (no learner snapshot yet) ${ms(performance.now() - t1)}, snapshots written`,
      );
      const fresh = await timeIt(RUNS, () => command());
      console.log(`${longVersion.toLocaleString('en')} events: a command in a fresh process: p50 ${ms(fresh.p50)}, p95 ${ms(fresh.p95)}`);
    }

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
    const written = await writeLeadEvents(store, FUNNEL_EVENTS);
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
