// What the coach's benchmarks share: timing at the server, the coach's account and session, and lead events
// as visitors leave them (page views and, every tenth, a download) spread over 90 days.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ROLES, learnerStreamId, RoleGranted, UserRegistered, EmailVerified } from '../events/accounts/accounts.events';
import { LeadCaptured, LeadPageViewed, visitStreamId, FUNNEL_PAGES } from '../events/leads/leads.events';
import type { EventStore } from '../events/store/event-store';
import type { NewEvent } from '../events/store/types';
import { hashPassword } from '../server/features/accounts/secrets';

export const DAY = 86_400_000;
const COACH = { email: 'coach@bench.test', password: 'bench-password-123' };

export const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
export const ms = (x: number) => `${x.toFixed(1)} ms`;

export async function timeIt(runs: number, f: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/** The coach's account (verified, role 9, a password), written as the app writes it. */
export async function createCoach(store: EventStore): Promise<string> {
  const coachId = randomUUID();
  await store.append(
    learnerStreamId(coachId),
    [
      UserRegistered.create({ userId: coachId, username: 'coach', email: COACH.email }),
      EmailVerified.create({ userId: coachId }),
      RoleGranted.create({ userId: coachId, role: ROLES.coach, by: 'bench' }),
    ],
    {
      expectedVersion: 0,
      alsoInTransaction: async (tx) =>
        void (await tx.query('INSERT INTO password_credentials (user_id, hash) VALUES ($1, $2)', [coachId, await hashPassword(COACH.password)])),
    },
  );
  return coachId;
}

/** Logs the coach in and answers a GET as her browser would, failing loudly on anything but 200. */
export async function coachSession(app: Pick<FastifyInstance, 'inject'>) {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: COACH });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  return async (path: string) => {
    const res = await app.inject({ method: 'GET', url: path, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
}

/** `count` lead events (8 writers, batches of 100, one visitor each) over the last 90 days; returns how many were written. */
export async function writeLeadEvents(store: EventStore, count: number): Promise<number> {
  const pages = FUNNEL_PAGES.filter((p) => p !== 'confirmacion-pago');
  let written = 0;
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      while (written < count) {
        const visitorId = randomUUID();
        const at = new Date(Date.now() - Math.floor(Math.random() * 90) * DAY);
        const base = written;
        const events: NewEvent[] = Array.from({ length: Math.min(100, count - base) }, (_, i) =>
          i % 10 === 9
            ? LeadCaptured.create({
                email: `v${w}-${base + i}@bench.test`,
                nick: 'Ana',
                page: 'nostalgia',
                section: 'fragmento',
                status: 'downloaded',
                firstForSource: true,
                visitorId,
              })
            : LeadPageViewed.create({ visitorId, page: pages[(base + i) % pages.length]! }),
        );
        written += events.length;
        await store.append(visitStreamId(visitorId), events, { expectedVersion: 'any', recordedAt: at });
      }
    }),
  );
  return written;
}
