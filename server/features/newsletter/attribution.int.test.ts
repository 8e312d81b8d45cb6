// A letter's visits and purchases (decision 0022) over HTTP, on the real PostgreSQL and the fake Mercado Pago: the
// page-view beacon with the campaign of the letter's links, checkouts from the same browser, the coach's letter.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTION_DAYS } from '../../../course/campaigns';
import { ROLES } from '../../../events/accounts/accounts.events';
import { LeadPageViewed, visitStreamId } from '../../../events/leads/leads.events';
import { createCatalog, projections } from '../../../events/registry';
import { catchUp, rebuildProjections } from '../../../events/store/reader';
import { fakeMercadoPagoConfig, notification, startFakeMercadoPago, type FakeMercadoPago } from '../../../tests/fakes/mercadopago';
import { startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { VISITOR_COOKIE } from '../leads/visitor';

const EBOOK = 'afirmaciones-ebook';
const SECRET = 'whsec-cartas-prueba';
const DAY = 24 * 3600 * 1000;

let db: TestDatabase;
let t: TestApp;
let mp: FakeMercadoPago;
let coach: Learner;
const catalog = createCatalog();

beforeAll(async () => {
  db = await createTestDatabase();
  mp = await startFakeMercadoPago();
  t = await startTestApp(db, { config: fakeMercadoPagoConfig(mp, SECRET) });
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await mp?.close();
  await db?.drop();
});

const cookie = (visitor: string) => ({ cookie: `${VISITOR_COOKIE}=${visitor}` });

async function letter(slug: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coach/letters',
    headers: { cookie: coach.cookie },
    payload: { title: `Carta ${slug}`, slug, series: 'dean', markdown: 'Hola.\n\nMira [esto](/reprograma).' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** The beacon as a page sends it, with the `utm` its address carried (if any). */
async function view(visitor: string, utm?: { source: string; campaign: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/leads/view',
    headers: cookie(visitor),
    payload: { page: 'reprograma', ...(utm ? { utm } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toEqual({ recorded: true });
}

/** A guest buys the ebook from the visitor's browser, pays (unless `unpaid`), and the return page confirms it. */
async function buy(visitor: string, { unpaid = false } = {}): Promise<string | undefined> {
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: cookie(visitor),
    payload: { productId: EBOOK, email: `compra-${randomUUID().slice(0, 8)}@example.com` },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const purchaseId = checkout.json().data.purchaseId;
  if (unpaid) return undefined;
  const payment = mp.pay(purchaseId);
  const confirm = await t.app.inject({ method: 'POST', url: '/api/payment/confirm', payload: { paymentId: String(payment.id), purchaseId } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return String(payment.id);
}

/** Mercado Pago refunds the payment and notifies us. */
async function refund(paymentId: string) {
  mp.update(Number(paymentId), { status: 'refunded' });
  const { ts: _ts, requestId: _r, ...request } = notification({ paymentId, secret: SECRET });
  const res = await t.app.inject(request);
  expect(res.json().data.handled).toBe('reversed');
}

async function catchUpAnalytics() {
  for (const p of projections) if (p.mode === 'async') await catchUp(db.pool, catalog, p);
}

async function counts(id: string): Promise<{ visits: number; purchases: number }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/coach/letters/${id}`, headers: { cookie: coach.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.attribution;
}

const newsletter = (campaign: string) => ({ source: 'newsletter' as const, campaign });

describe('a letter’s visits and purchases', () => {
  it('counts a visit by the letter’s link and the purchase after it; not views without it or by another campaign', async () => {
    const id = await letter('la-carta-que-vende');
    const other = await letter('otra-carta');
    expect(await counts(id)).toEqual({ visits: 0, purchases: 0 });

    const reader = randomUUID();
    await view(reader, newsletter('la-carta-que-vende'));
    await view(reader); // the same visitor again, without the link: still one visitor
    await buy(reader);
    // Without a campaign, by another letter, by a welcome mail: theirs, not this letter's.
    const [plain, elsewhere, welcome] = [randomUUID(), randomUUID(), randomUUID()];
    await view(plain);
    await buy(plain);
    await view(elsewhere, newsletter('otra-carta'));
    await buy(elsewhere);
    await view(welcome, { source: 'bienvenida', campaign: 'la-carta-que-vende' });
    await buy(welcome);
    // Visited by the letter but bought nothing; went to pay and did not; paid and was refunded: visits, not sales.
    await view(randomUUID(), newsletter('la-carta-que-vende'));
    const [unpaid, refunded] = [randomUUID(), randomUUID()];
    await view(unpaid, newsletter('la-carta-que-vende'));
    await buy(unpaid, { unpaid: true });
    await view(refunded, newsletter('la-carta-que-vende'));
    await refund((await buy(refunded))!);

    await catchUpAnalytics();
    expect(await counts(id)).toEqual({ visits: 4, purchases: 1 });
    expect(await counts(other)).toEqual({ visits: 1, purchases: 1 });
  });

  it('gives a purchase to the last mail she came by, only before the checkout and within the attribution window', async () => {
    const first = await letter('primera-del-mes');
    const second = await letter('segunda-del-mes');
    const late = await letter('la-tardia');
    const old = await letter('la-antigua');

    // She came by the first letter, then by the second, then bought: the second letter's purchase.
    const both = randomUUID();
    await view(both, newsletter('primera-del-mes'));
    await view(both, newsletter('segunda-del-mes'));
    await buy(both);
    // She bought, then came by a letter: a visit, not a purchase of the letter.
    const before = randomUUID();
    await buy(before);
    await view(before, newsletter('la-tardia'));
    // Came by a letter longer ago than the window (an import of history dates the view), or just inside it.
    const [outside, inside] = [randomUUID(), randomUUID()];
    const at = (days: number) => new Date(Date.now() - days * DAY);
    await t.store.append(visitStreamId(outside), [LeadPageViewed.create({ visitorId: outside, page: 'reprograma', utm: newsletter('la-antigua') })], {
      expectedVersion: 'any',
      recordedAt: at(ATTRIBUTION_DAYS + 1),
    });
    await t.store.append(visitStreamId(inside), [LeadPageViewed.create({ visitorId: inside, page: 'reprograma', utm: newsletter('la-antigua') })], {
      expectedVersion: 'any',
      recordedAt: at(ATTRIBUTION_DAYS - 1),
    });
    await buy(outside);
    await buy(inside);

    await catchUpAnalytics();
    expect(await counts(first)).toEqual({ visits: 1, purchases: 0 });
    expect(await counts(second)).toEqual({ visits: 1, purchases: 1 });
    expect(await counts(late)).toEqual({ visits: 1, purchases: 0 });
    expect(await counts(old)).toEqual({ visits: 2, purchases: 1 });
  });

  it('records a hostile or oversized campaign as a plain view: no campaign, no error', async () => {
    const id = await letter('la-carta-atacada');
    const visitor = randomUUID();
    const hostile = [
      newsletter('x'.repeat(5_000)),
      newsletter('<script>alert(1)</script>'),
      newsletter("la-carta-atacada' OR '1'='1"),
      newsletter('ana@example.com'),
      { source: 'Newsletter', campaign: 'la-carta-atacada' },
      newsletter('la-carta-atacаda'), // a Cyrillic «а»
      { source: 'instagram', campaign: 'la-carta-atacada' },
    ];
    for (const utm of hostile) await view(visitor, utm);
    const { rows } = await db.pool.query<{ data: Record<string, unknown> }>("SELECT data FROM events WHERE stream_id = $1 AND type = 'LeadPageViewed'", [
      visitStreamId(visitor),
    ]);
    expect(rows.map((r) => r.data)).toEqual(hostile.map(() => ({ visitorId: visitor, page: 'reprograma' })));
    await buy(visitor);
    await catchUpAnalytics();
    expect(await counts(id)).toEqual({ visits: 0, purchases: 0 });
    expect((await db.pool.query('SELECT 1 FROM analytics_campaign_touches WHERE touch_key = $1', [`visitor:${visitor}`])).rowCount).toBe(0);
  });

  it('counts the visits of the slug each send went out with, even after a draft’s slug changed', async () => {
    const id = await letter('antes-del-cambio');
    const send = await t.app.inject({ method: 'POST', url: `/api/coach/letters/${id}/send`, headers: { cookie: coach.cookie }, payload: {} });
    expect(send.statusCode, send.body).toBe(200);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/coach/letters/${id}`,
      headers: { cookie: coach.cookie },
      payload: { slug: 'despues-del-cambio' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await view(randomUUID(), newsletter('antes-del-cambio'));
    await view(randomUUID(), newsletter('despues-del-cambio'));
    await catchUpAnalytics();
    expect(await counts(id)).toEqual({ visits: 2, purchases: 0 });
  });

  it('gives the same numbers after a rebuild from the log', async () => {
    const { rows: letters } = await db.pool.query<{ id: string }>('SELECT id FROM letters ORDER BY id');
    const all = async () => Promise.all(letters.map(async (l) => [l.id, await counts(l.id)] as const));
    const live = await all();
    expect(live.some(([, c]) => c.purchases > 0)).toBe(true);
    await db.pool.query('DELETE FROM analytics_campaign_touches');
    expect((await all()).some(([, c]) => c.visits > 0)).toBe(false);
    await rebuildProjections(db.pool, catalog, projections);
    expect(await all()).toEqual(live);
  });
});
