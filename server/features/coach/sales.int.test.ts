// The coach's sales ledger against a real PostgreSQL and the fake Mercado Pago: purchases made through the
// checkout, paid, reversed by the provider's notifications, held, and assigned by the coach.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../events/accounts/accounts.events';
import { PAYMENT_NOT_HELD, confirmWrites } from '../../../events/payments/payments';
import { createCatalog, projections } from '../../../events/registry';
import { catchUp } from '../../../events/store/reader';
import { notification, fakeMercadoPagoConfig, startFakeMercadoPago, type FakeMercadoPago } from '../../../tests/fakes/mercadopago';
import { countEmailJobs, countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, PASSWORD, type Learner } from '../../../tests/setup/learners';
import { VISITOR_COOKIE } from '../leads/visitor';
import { COACH_ONLY } from './routes';
import { NO_ACCOUNT_WITH_EMAIL, PAYMENT_NOT_FOUND, SALES_CSV_HEADER } from './sales';

const SECRET = 'whsec-ventas-prueba';
const COURSE = 'manifiesta-curso-completo';
const EBOOK = 'afirmaciones-ebook';

let db: TestDatabase;
let t: TestApp;
let mp: FakeMercadoPago;
let coach: Learner;

type Sale = {
  id: string;
  paymentId: string | null;
  purchaseId: string | null;
  state: string;
  productId: string;
  amount: number;
  buyer: { kind: string; userId?: string; name?: string | null; email: string | null } | null;
  startedAt: string | null;
  paidAt: string | null;
  reversedAt: string | null;
  source: string | null;
  funnel: { page: string; section: string } | null;
};

const cookies = (...values: Array<string | undefined>) => values.filter(Boolean).join('; ');
const get = (who: Learner | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const ledger = async (query = ''): Promise<{ sales: Sale[]; total: number; counts: Record<string, number>; revenue: unknown[] }> => {
  const res = await get(coach, `/api/coach/sales${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const assign = (who: Learner | null, paymentId: string | number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/coach/sales/${paymentId}/assign`, headers: who ? { cookie: who.cookie } : {}, payload });

/** A checkout through the API: signed in (the account buys) or as a guest with an address; from a visitor's browser. */
async function checkout(productId: string, { who, email, visitor }: { who?: Learner; email?: string; visitor?: string } = {}): Promise<string> {
  const cookie = cookies(who?.cookie, visitor && `${VISITOR_COOKIE}=${visitor}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: cookie ? { cookie } : {},
    payload: { productId, ...(email ? { email } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.purchaseId;
}

/** Paid through the purchase's preference and confirmed by the buyer's return page. */
async function payAndConfirm(purchaseId: string, who?: Learner): Promise<string> {
  const payment = mp.pay(purchaseId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/confirm',
    headers: who ? { cookie: who.cookie } : {},
    payload: { paymentId: String(payment.id), purchaseId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return String(payment.id);
}

/** Mercado Pago changes the payment's status and notifies us. */
async function providerSays(paymentId: string, status: 'refunded' | 'charged_back' | 'cancelled') {
  mp.update(Number(paymentId), { status });
  const { ts: _ts, requestId: _r, ...request } = notification({ paymentId, secret: SECRET });
  const res = await t.app.inject(request);
  expect(res.json().data.handled).toBe('reversed');
}

/** An approved payment made outside our checkout, reported by the buyer's browser: held for the coach. */
async function heldPayment(id: number, change: { external_reference?: string | null; transaction_amount?: number } = {}): Promise<string> {
  mp.add({ id, external_reference: null, transaction_amount: 3, ...change });
  const res = await t.app.inject({ method: 'POST', url: '/api/payment/confirm', payload: { paymentId: String(id) } });
  expect(res.statusCode, res.body).toBe(202);
  return String(id);
}

async function catchUpAnalytics() {
  const catalog = createCatalog();
  for (const p of projections) if (p.mode === 'async') await catchUp(db.pool, catalog, p);
}

const byId = (sales: Sale[], id: string) => sales.find((s) => s.id === id)!;

// The shop's history, built once: every state, every kind of buyer.
let started: { learner: Learner; purchaseId: string };
let paid: { learner: Learner; paymentId: string; visitor: string };
let guest: { email: string; paymentId: string };
const reversed: Record<'refunded' | 'charged_back' | 'cancelled', { learner: Learner; paymentId: string }> = {} as never;
let held: { paymentId: string };
let heldCourse: { paymentId: string };
let legacy: { learner: Learner; paymentId: string };

beforeAll(async () => {
  db = await createTestDatabase();
  mp = await startFakeMercadoPago();
  t = await startTestApp(db, { config: fakeMercadoPagoConfig(mp, SECRET) });
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });

  // A payment confirmed before purchases existed: no purchase, the account it granted to.
  const old = await createLearner(t.app, t.store);
  await t.store.appendMany(confirmWrites({ id: '7000000001', productId: COURSE, amount: 270, currency: 'USD' }, old.userId, 'confirm'));
  legacy = { learner: old, paymentId: '7000000001' };

  const a = await createLearner(t.app, t.store);
  started = { learner: a, purchaseId: await checkout(COURSE, { who: a }) };

  // She read /nostalgia first (a visitor cookie), then bought the course from the same browser.
  const b = await createLearner(t.app, t.store);
  const visitor = randomUUID();
  const view = await t.app.inject({
    method: 'POST',
    url: '/api/leads/view',
    headers: { cookie: `${VISITOR_COOKIE}=${visitor}` },
    payload: { page: 'nostalgia' },
  });
  expect(view.statusCode, view.body).toBe(200);
  paid = { learner: b, visitor, paymentId: await payAndConfirm(await checkout(COURSE, { who: b, visitor }), b) };

  // A guest who downloaded the free PDF of /niveles with her address, then bought the ebook with it.
  const email = `lectora-${randomUUID().slice(0, 6)}@example.com`;
  const lead = await t.app.inject({
    method: 'POST',
    url: '/api/leads/add',
    payload: { email, nick: 'Lectora', page: 'niveles', section: 'pdf', status: 'downloaded' },
  });
  expect(lead.statusCode, lead.body).toBe(200);
  const guestPurchase = await checkout(EBOOK, { email });
  guest = { email, paymentId: await payAndConfirm(guestPurchase) };

  for (const status of ['refunded', 'charged_back', 'cancelled'] as const) {
    const l = await createLearner(t.app, t.store);
    const paymentId = await payAndConfirm(await checkout(COURSE, { who: l }), l);
    await providerSays(paymentId, status);
    reversed[status] = { learner: l, paymentId };
  }

  held = { paymentId: await heldPayment(8000000001) };
  heldCourse = { paymentId: await heldPayment(8000000002, { external_reference: COURSE, transaction_amount: 270 }) };
  await catchUpAnalytics();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mp?.close();
  await db?.drop();
});

describe('GET /api/coach/sales', () => {
  it('is for the coach only: 401 signed out, 403 for a learner and a premium learner (also the CSV and assigning)', async () => {
    const learner = await createLearner(t.app, t.store);
    const premium = await createLearner(t.app, t.store, { roles: [ROLES.premium] });
    for (const url of ['/api/coach/sales', '/api/coach/sales.csv']) {
      expect((await get(null, url)).statusCode, url).toBe(401);
      for (const who of [learner, premium]) {
        const res = await get(who, url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe(COACH_ONLY);
      }
    }
    const before = await countEvents(db.pool);
    expect((await assign(null, held.paymentId, { email: learner.email })).statusCode).toBe(401);
    const refused = await assign(premium, held.paymentId, { email: premium.email });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COACH_ONLY);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('shows every purchase and payment with its state and the right buyer, newest first, counted per state', async () => {
    const { sales, total, counts } = await ledger('?limit=200');
    expect(total).toBe(9);
    expect(counts).toEqual({ started: 1, approved: 3, refunded: 1, charged_back: 1, cancelled: 1, held: 2 });

    expect(byId(sales, started.purchaseId)).toMatchObject({
      state: 'started',
      paymentId: null,
      productId: COURSE,
      amount: 270,
      buyer: { kind: 'account', userId: started.learner.userId, email: started.learner.email },
      paidAt: null,
    });
    expect(byId(sales, started.purchaseId).startedAt).toEqual(expect.any(String));
    const course = byId(sales, paid.paymentId);
    expect(course).toMatchObject({ state: 'approved', source: 'confirm', buyer: { kind: 'account', userId: paid.learner.userId, email: paid.learner.email } });
    expect(course.buyer!.name).toBe(`aprendiz-${paid.learner.userId.slice(0, 8)}`);
    expect(course.startedAt! <= course.paidAt!).toBe(true);
    expect(byId(sales, guest.paymentId)).toMatchObject({ state: 'approved', productId: EBOOK, amount: 3, buyer: { kind: 'guest', email: guest.email } });
    for (const status of ['refunded', 'charged_back', 'cancelled'] as const) {
      const sale = byId(sales, reversed[status].paymentId);
      expect(sale).toMatchObject({ state: status, buyer: { kind: 'account', userId: reversed[status].learner.userId } });
      expect(sale.reversedAt).toEqual(expect.any(String));
    }
    expect(byId(sales, held.paymentId)).toMatchObject({ state: 'held', productId: '', purchaseId: null, buyer: null, startedAt: null, source: 'held' });
    expect(byId(sales, heldCourse.paymentId)).toMatchObject({ state: 'held', productId: COURSE, amount: 270, buyer: null });
    expect(byId(sales, legacy.paymentId)).toMatchObject({ state: 'approved', purchaseId: null, buyer: { kind: 'account', userId: legacy.learner.userId } });

    // Newest first: the order of the sale's date (its checkout, or when a payment without one was first known).
    const dates = sales.map((s) => s.startedAt ?? s.paidAt!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(sales[0]!.id).toBe(heldCourse.paymentId);
    expect(sales.at(-1)!.id).toBe(legacy.paymentId);
  });

  it('links each buyer to the lead page they first came from, when the funnel knows it', async () => {
    const { sales } = await ledger('?limit=200');
    expect(byId(sales, paid.paymentId).funnel).toEqual({ page: 'nostalgia', section: '' });
    expect(byId(sales, guest.paymentId).funnel).toEqual({ page: 'niveles', section: 'pdf' });
    expect(byId(sales, started.purchaseId).funnel).toBeNull();
    expect(byId(sales, held.paymentId).funnel).toBeNull();
  });

  it('filters by state, product, dates and search (name, address, payment id), and pages', async () => {
    const ids = (data: { sales: Sale[] }) => data.sales.map((s) => s.id).sort();
    expect(ids(await ledger('?state=held'))).toEqual([held.paymentId, heldCourse.paymentId].sort());
    const ebook = await ledger(`?productId=${EBOOK}`);
    expect(ids(ebook)).toEqual([guest.paymentId]);
    // The counts per state follow every filter but the state.
    expect((await ledger(`?productId=${EBOOK}&state=held`)).counts).toMatchObject({ approved: 1, held: 0 });

    expect(ids(await ledger(`?search=${encodeURIComponent(guest.email.slice(0, 10).toUpperCase())}`))).toEqual([guest.paymentId]);
    expect(ids(await ledger(`?search=aprendiz-${paid.learner.userId.slice(0, 8)}`))).toEqual([paid.paymentId]);
    expect(ids(await ledger(`?search=${started.learner.email}`))).toEqual([started.purchaseId]);
    expect(ids(await ledger(`?search=${held.paymentId}`))).toEqual([held.paymentId]);
    expect((await ledger('?search=%25')).total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await ledger(`?from=${today}&to=${today}`)).total).toBe(9);
    const later = await ledger(`?from=${tomorrow}`);
    expect(later.total).toBe(0);
    expect(later.counts.approved).toBe(0);
    const backwards = await get(coach, `/api/coach/sales?from=${tomorrow}&to=${today}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('Elige una fecha de inicio anterior o igual a la de fin.');
    expect((await get(coach, '/api/coach/sales?state=pagada')).statusCode).toBe(400);

    const first = await ledger('?limit=4');
    const second = await ledger('?limit=4&offset=4');
    const third = await ledger('?limit=4&offset=8');
    expect([first.sales.length, second.sales.length, third.sales.length]).toEqual([4, 4, 1]);
    expect(first.total).toBe(9);
    expect(new Set([...first.sales, ...second.sales, ...third.sales].map((s) => s.id)).size).toBe(9);
  });

  it('sums the revenue per product and month of payment: approved, reversed since, net', async () => {
    const { revenue } = await ledger();
    const month = new Date().toISOString().slice(0, 7);
    // Course: paid (270) + three reversed (3 × 270) + the legacy one (270) + the held course payment (270); ebook: the guest's 3.
    expect(revenue).toEqual([
      { month, productId: '', currency: 'USD', approved: 3, reversed: 0, net: 3 },
      { month, productId: EBOOK, currency: 'USD', approved: 3, reversed: 0, net: 3 },
      { month, productId: COURSE, currency: 'USD', approved: 1620, reversed: 810, net: 810 },
    ]);
    expect((await ledger(`?productId=${EBOOK}`)).revenue).toEqual([{ month, productId: EBOOK, currency: 'USD', approved: 3, reversed: 0, net: 3 }]);
  });
});

describe('a buyer who deleted their account', () => {
  it('stays in the ledger with the sale and its amount, and nothing that says who they were', async () => {
    const gone = await createLearner(t.app, t.store);
    const paymentId = await payAndConfirm(await checkout(COURSE, { who: gone }), gone);
    const res = await t.app.inject({ method: 'POST', url: '/api/me/delete', headers: { cookie: gone.cookie }, payload: { password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    const sale = byId((await ledger(`?search=${paymentId}`)).sales, paymentId);
    expect(sale).toMatchObject({ state: 'approved', amount: 270, buyer: { kind: 'account', userId: gone.userId, name: null, email: null } });
    expect((await ledger(`?search=${gone.email}`)).total).toBe(0);
    const csv = (await get(coach, `/api/coach/sales.csv?search=${paymentId}`)).body;
    expect(csv).toContain(`Pagada,Manifiesta: el curso completo,270,USD,Persona eliminada,,Cuenta,${paymentId},`);
    expect(csv).not.toContain(gone.email);
  });
});

describe('GET /api/coach/sales.csv', () => {
  it('downloads the filtered sales for a spreadsheet: UTF-8 with a BOM, Spanish header, RFC 4180 quoting, no formulas', async () => {
    // Addresses that a spreadsheet would read as formulas, or that need quoting.
    const hostile = ['=HYPERLINK("http://x")@example.com', '+1@example.com', '-2@example.com', '@x@example.com', '"ana,luz"@example.com'];
    const tricky: string[] = [];
    for (const email of hostile.filter((e) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e))) {
      await checkout(EBOOK, { email });
      tricky.push(email);
    }
    expect(tricky.length).toBeGreaterThanOrEqual(4);

    const res = await get(coach, `/api/coach/sales.csv?productId=${EBOOK}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ventas-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(SALES_CSV_HEADER.join(','));
    expect(lines[0]).toMatch(/^Estado,Producto,Monto,Moneda,Comprador,Correo/);
    expect(lines).toHaveLength(1 + 1 + tricky.length + 1);

    const paidRow = lines.find((l) => l.includes(guest.paymentId))!;
    expect(paidRow).toMatch(new RegExp(`^Pagada,Afirmaciones: el ebook completo,3,USD,,${guest.email.replace('.', '\\.')},Sin cuenta,${guest.paymentId},`));
    expect(paidRow.endsWith(',Confirmación,/niveles (pdf)')).toBe(true);
    expect(lines.filter((l) => l.startsWith('Iniciada,'))).toHaveLength(tricky.length);
    // Every cell that would start a formula starts with an apostrophe; quotes are doubled and commas quoted.
    // (The checkout keeps addresses in lower case.)
    expect(res.body).toContain(`,"'=hyperlink(""http://x"")@example.com",`);
    expect(res.body).toContain(",'+1@example.com,");
    expect(res.body).toContain(",'-2@example.com,");
    expect(res.body).toContain(',"""ana,luz""@example.com",');
    for (const line of lines) for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+\-@]/);
  });

  it('refuses what the list refuses', async () => {
    expect((await get(coach, '/api/coach/sales.csv?from=2025-13-01')).statusCode).toBe(400);
  });
});

describe('POST /api/coach/sales/{paymentId}/assign', () => {
  const paymentEvents = async (id: string) =>
    (await db.pool.query(`SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position`, [`payment-${id}`])).rows;
  const roles = async (l: Learner) => (await db.pool.query('SELECT roles FROM users WHERE user_id = $1', [l.userId])).rows[0].roles as number[];

  it('gives a held payment to the account with that address: its role, PaymentConfirmed by the coach, the mail', async () => {
    const buyer = await createLearner(t.app, t.store);
    const heldAt = byId((await ledger('?state=held')).sales, heldCourse.paymentId).paidAt;
    const mails = await countEmailJobs(db.pool);
    const res = await assign(coach, heldCourse.paymentId, { email: `  ${buyer.email.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Listo: el pago quedó asignado a aprendiz-${buyer.userId.slice(0, 8)} y ya tiene su acceso. Le avisamos por correo.`);
    expect(res.json().data).toMatchObject({ id: heldCourse.paymentId, state: 'approved', source: 'coach', buyer: { kind: 'account', userId: buyer.userId } });
    expect(await roles(buyer)).toContain(ROLES.premium);

    const events = await paymentEvents(heldCourse.paymentId);
    expect(events.map((e) => e.type)).toEqual(['PaymentHeld', 'PaymentConfirmed']);
    expect(events[1]!.data).toMatchObject({ paymentId: heldCourse.paymentId, userId: buyer.userId, productId: COURSE, amount: 270, source: 'coach' });
    expect(events[1]!.metadata).toMatchObject({ actor: coach.userId });
    expect(events[1]!.metadata.requestId).toEqual(expect.any(String));
    expect(await countEmailJobs(db.pool)).toBe(mails + 1);
    const job = await db.pool.query("SELECT data FROM pgboss.job WHERE name = 'email.send' ORDER BY created_on DESC LIMIT 1");
    expect(job.rows[0].data).toEqual({ kind: 'purchase-granted', paymentId: heldCourse.paymentId });

    // Its date in the ledger stays the day the payment reached us, not the day it was assigned.
    const { sales, counts } = await ledger('?limit=200');
    expect(byId(sales, heldCourse.paymentId).paidAt).toBe(heldAt);
    expect(counts.held).toBe(1);
  });

  it('asks for the product when the held payment names none, and grants the one chosen', async () => {
    const buyer = await createLearner(t.app, t.store);
    const id = await heldPayment(8000000003);
    const before = await countEvents(db.pool);
    const missing = await assign(coach, id, { email: buyer.email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Este pago no dice qué producto compró: elige el producto que corresponde.');
    expect(await countEvents(db.pool)).toBe(before);
    const res = await assign(coach, id, { email: buyer.email, productId: EBOOK });
    expect(res.statusCode, res.body).toBe(200);
    const owned = await get(buyer, '/api/me/entitlements');
    expect(owned.json().data.map((e: { productId: string }) => e.productId)).toEqual([EBOOK]);
  });

  it('refuses, writing nothing: a payment not held (409), an unknown address or payment (404), a bad address (400)', async () => {
    const buyer = await createLearner(t.app, t.store);
    const before = await countEvents(db.pool);
    const mails = await countEmailJobs(db.pool);
    for (const id of [paid.paymentId, reversed.refunded.paymentId, heldCourse.paymentId]) {
      const res = await assign(coach, id, { email: buyer.email });
      expect(res.statusCode, id).toBe(409);
      expect(res.json().message).toBe(PAYMENT_NOT_HELD);
    }
    const nobody = await assign(coach, held.paymentId, { email: 'nadie-registrado@example.com', productId: EBOOK });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(NO_ACCOUNT_WITH_EMAIL);
    const unknown = await assign(coach, '9999999999', { email: buyer.email });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PAYMENT_NOT_FOUND);
    expect((await assign(coach, held.paymentId, { email: 'no-es-un-correo' })).statusCode).toBe(400);
    expect((await assign(coach, 'abc', { email: buyer.email })).statusCode).toBe(400);
    expect(await countEvents(db.pool)).toBe(before);
    expect(await countEmailJobs(db.pool)).toBe(mails);
    expect(await roles(buyer)).toEqual([]);
  });
});
