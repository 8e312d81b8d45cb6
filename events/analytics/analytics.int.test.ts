// The funnel on a known set of events: views → leads → signups → verifications → payments per page,
// first-touch attribution, no raw e-mail anywhere in the analytics tables, and rebuild = live.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { EmailVerified, learnerStreamId, UserRegistered } from '../accounts/accounts.events';
import { visitorStreamId } from '../leads/leads';
import { LeadCaptured, LeadPageViewed, visitStreamId } from '../leads/leads.events';
import { PaymentConfirmed, paymentStreamId } from '../payments/payments.events';
import { createCatalog, projections } from '../registry';
import { createEventStore, type EventStore } from '../store/event-store';
import { catchUp, rebuildProjections } from '../store/reader';
import { analyticsProjections } from './analytics';

let db: TestDatabase;
let store: EventStore;
const catalog = createCatalog();
beforeAll(async () => {
  db = await createTestDatabase();
  store = createEventStore({ pool: db.pool, catalog, projections });
});
afterAll(() => db?.drop());

const view = (visitorId: string, page: 'nostalgia' | 'reprograma' | 'afirmaciones') =>
  store.append(visitStreamId(visitorId), [LeadPageViewed.create({ visitorId, page })], { expectedVersion: 'any' });
const lead = (email: string, page: 'nostalgia' | 'afirmaciones', visitorId?: string) =>
  store.append(
    visitorStreamId(email),
    [LeadCaptured.create({ email, nick: 'Ana', page, section: 'fragmento', status: 'downloaded', firstForSource: true, ...(visitorId ? { visitorId } : {}) })],
    { expectedVersion: 'any' },
  );
async function account(email: string, { visitorId, verified = false, paid = 0 }: { visitorId?: string; verified?: boolean; paid?: number }) {
  const userId = randomUUID();
  await store.append(
    learnerStreamId(userId),
    [
      UserRegistered.create({ userId, username: `u${userId.slice(0, 8)}`, email, ...(visitorId ? { visitorId } : {}) }),
      ...(verified ? [EmailVerified.create({ userId })] : []),
    ],
    { expectedVersion: 0 },
  );
  if (paid) {
    const paymentId = String(Math.floor(Math.random() * 1e12));
    await store.append(
      paymentStreamId(paymentId),
      [
        PaymentConfirmed.create({
          paymentId,
          provider: 'mercadopago',
          productId: 'manifiesta-curso-completo',
          userId,
          amount: paid,
          currency: 'USD',
          source: 'confirm',
        }),
      ],
      { expectedVersion: 0 },
    );
  }
  return userId;
}

describe('funnel analytics', () => {
  it('counts each step per page and attributes accounts to their first page', async () => {
    const [v1, v2, v3] = [randomUUID(), randomUUID(), randomUUID()];
    // Visitor 1: nostalgia, then afirmaciones; downloads the audiobook; signs up, verifies, pays.
    await view(v1, 'nostalgia');
    await view(v1, 'afirmaciones');
    await lead('uno@example.com', 'nostalgia', v1);
    await account('uno@example.com', { visitorId: v1, verified: true, paid: 270 });
    // Visitor 2: reprograma only; signs up from another browser (no visitor id) with an address never seen: direct.
    await view(v2, 'reprograma');
    await account('dos@example.com', {});
    // Visitor 3: views nostalgia; a lead on afirmaciones with that address later, the account has no visitor id:
    // attributed by e-mail to afirmaciones.
    await view(v3, 'nostalgia');
    await lead('Tres@Example.com', 'afirmaciones');
    await account('tres@example.com', { verified: true });

    for (const p of projections) if (p.mode === 'async') await catchUp(db.pool, catalog, p);

    const attribution = (
      await db.pool.query('SELECT page, touch, verified_at IS NOT NULL AS verified, payments FROM funnel_attribution ORDER BY registered_at')
    ).rows;
    expect(attribution).toEqual([
      { page: 'nostalgia', touch: 'visitor', verified: true, payments: 1 },
      { page: '(directo)', touch: 'none', verified: false, payments: 0 },
      { page: 'afirmaciones', touch: 'email', verified: true, payments: 0 },
    ]);

    const byPage = Object.fromEntries(
      (
        await db.pool
          .query(`SELECT page, sum(views)::int AS views, sum(leads)::int AS leads, sum(signups)::int AS signups, sum(verifications)::int AS verifications,
                                   sum(payments)::int AS payments, sum(revenue_usd)::float8 AS revenue FROM funnel_daily GROUP BY page`)
      ).rows.map((r) => [r.page, r]),
    );
    expect(byPage.nostalgia).toMatchObject({ views: 2, leads: 1, signups: 1, verifications: 1, payments: 1, revenue: 270 });
    expect(byPage.afirmaciones).toMatchObject({ views: 1, leads: 1, signups: 1, verifications: 1, payments: 0 });
    expect(byPage.reprograma).toMatchObject({ views: 1, leads: 0, signups: 0 });
    expect(byPage['(directo)']).toMatchObject({ signups: 1, verifications: 0 });
  });

  it('keeps no raw e-mail in any analytics table or view', async () => {
    for (const relation of ['analytics_daily', 'analytics_first_touch', 'analytics_accounts', 'funnel_attribution', 'funnel_daily']) {
      const { rows } = await db.pool.query(`SELECT to_jsonb(t)::text AS r FROM ${relation} t`);
      expect(rows.length, relation).toBeGreaterThan(0);
      for (const r of rows) expect(r.r, relation).not.toMatch(/@/);
    }
  });

  it('rebuilds the analytics tables identically from the log', async () => {
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const p of analyticsProjections) for (const t of p.tables) out[t] = (await db.pool.query(`SELECT to_jsonb(t) AS r FROM ${t} t ORDER BY 1`)).rows;
      return out;
    };
    const live = await snapshot();
    await db.pool.query('DELETE FROM analytics_daily');
    await db.pool.query('UPDATE analytics_accounts SET payments = 99');
    await rebuildProjections(db.pool, catalog, projections);
    expect(await snapshot()).toEqual(live);
  });
});
