import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PREMIUM_ROLE } from '../../../course/rules';
import { countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { notification, startFakeMercadoPago, type FakeMercadoPago, type NotificationOptions } from '../../../tests/fakes/mercadopago';
import { PAYMENT_INVALID, PAYMENT_PENDING, PAYMENT_SUCCESS } from './routes';

const SECRET = 'whsec-prueba-manifiesta';
let db: TestDatabase;
let t: TestApp;
let mp: FakeMercadoPago;
beforeAll(async () => {
  db = await createTestDatabase();
  mp = await startFakeMercadoPago();
  t = await startTestApp(db, {
    config: {
      MERCADOPAGO_API_URL: mp.apiUrl,
      MERCADOPAGO_ACCESS_TOKEN: mp.token,
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
      PAYMENT_TIMEOUT_MS: 500,
      RATE_LIMIT_PER_IP: 1000,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await mp?.close();
  await db?.drop();
});
beforeEach(() => mp.down(false));

let nextId = 1_000_000_000;
const paymentId = () => nextId++;
const COURSE = 'manifiesta-curso-completo';
const EBOOK = 'afirmaciones-ebook';

const confirm = (l: Learner, productId: string, id: number | string) =>
  t.app.inject({ method: 'POST', url: '/api/payment/confirm', headers: { cookie: l.cookie }, payload: { productId, paymentId: String(id) } });
const me = async (l: Learner) => (await t.app.inject({ method: 'GET', url: '/api/auth/verifyToken', headers: { cookie: l.cookie } })).json().data;
const roles = async (l: Learner) => (await db.pool.query('SELECT roles FROM users WHERE user_id = $1', [l.userId])).rows[0].roles as number[];
const paymentEvents = async (id: number) =>
  (await db.pool.query(`SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position`, [`payment-${id}`])).rows;

function webhook(id: number | string, { secret = SECRET } = {}) {
  const { ts: _ts, requestId: _requestId, ...request } = notification({ paymentId: id, secret });
  return t.app.inject(request);
}

describe('POST /api/payment/confirm', () => {
  it('an approved course payment makes the buyer premium, once, and answers the refreshed user', async () => {
    const l = await createLearner(t.app, t.store);
    const id = paymentId();
    mp.add({ id });
    const res = await confirm(l, COURSE, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: PAYMENT_SUCCESS, data: { user: { id: l.userId, roles: [PREMIUM_ROLE] } } });
    expect(await roles(l)).toEqual([PREMIUM_ROLE]);
    expect(mp.requests.at(-1)).toEqual({ path: `/v1/payments/${id}`, authorized: true });
    expect((await paymentEvents(id)).map((e) => [e.type, e.data.userId, e.data.amount, e.data.source])).toEqual([
      ['PaymentConfirmed', l.userId, 270, 'confirm'],
    ]);

    // The same payment again — by the buyer or anyone else — grants nothing more.
    const other = await createLearner(t.app, t.store);
    const before = await countEvents(db.pool);
    expect((await confirm(l, COURSE, id)).statusCode).toBe(409);
    const stolen = await confirm(other, COURSE, id);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe('Este pago ya fue utilizado para activar un acceso.');
    expect(await roles(other)).toEqual([]);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('refuses pending, rejected, wrong amount, wrong currency, wrong product and unknown payments, granting nothing', async () => {
    const l = await createLearner(t.app, t.store);
    const cases: Array<[Parameters<FakeMercadoPago['add']>[0] | null, string, string]> = [
      [{ id: paymentId(), status: 'pending', status_detail: 'pending_waiting_payment' }, COURSE, PAYMENT_PENDING],
      [{ id: paymentId(), status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' }, COURSE, PAYMENT_INVALID],
      [{ id: paymentId(), transaction_amount: 27 }, COURSE, PAYMENT_INVALID],
      [{ id: paymentId(), currency_id: 'ARS' }, COURSE, PAYMENT_INVALID],
      [{ id: paymentId(), transaction_amount: 3, external_reference: EBOOK }, COURSE, PAYMENT_INVALID],
      [null, COURSE, PAYMENT_INVALID],
    ];
    const before = await countEvents(db.pool);
    for (const [payment, product, message] of cases) {
      const id = payment ? mp.add(payment).id : paymentId();
      const res = await confirm(l, product, id);
      expect(res.statusCode, JSON.stringify(payment)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Malformed input never reaches the provider.
    const asked = mp.requests.length;
    for (const [product, id] of [
      ['curso-gratis', '123'],
      [COURSE, '12ab'],
      [COURSE, ''],
    ] as const) {
      const res = await confirm(l, product, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PAYMENT_INVALID);
    }
    expect(mp.requests.length).toBe(asked);
    expect(await countEvents(db.pool)).toBe(before);
    expect(await roles(l)).toEqual([]);
  });

  it('says clearly when the provider is down or silent, and grants nothing; works once it is back', async () => {
    const l = await createLearner(t.app, t.store);
    const id = mp.add({ id: paymentId() }).id;
    for (const mode of ['error', 'hang'] as const) {
      mp.down(mode);
      const res = await confirm(l, COURSE, id);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/No pudimos verificar tu pago con Mercado Pago/);
    }
    expect(await roles(l)).toEqual([]);
    mp.down(false);
    expect((await confirm(l, COURSE, id)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/confirm', payload: { productId: COURSE, paymentId: '1' } });
    expect(res.statusCode).toBe(401);
  });

  it('concurrent confirmations of one payment by two accounts grant it to exactly one', async () => {
    const [a, b] = await Promise.all([createLearner(t.app, t.store), createLearner(t.app, t.store)]);
    const id = mp.add({ id: paymentId() }).id;
    const results = await Promise.all([confirm(a, COURSE, id), confirm(b, COURSE, id), confirm(a, COURSE, id)]);
    const premium = [(await roles(a)).includes(PREMIUM_ROLE), (await roles(b)).includes(PREMIUM_ROLE)];
    expect(premium.filter(Boolean)).toHaveLength(1);
    // Exactly one request succeeds, the winner's; every other one (its own twin included) is told the
    // payment is used, as a later request would be.
    const winner = premium[0] ? a : b;
    const ok = results.flatMap((r, i) => (r.statusCode === 200 ? [i === 1 ? b : a] : []));
    expect(ok).toEqual([winner]);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect(await paymentEvents(id)).toHaveLength(1);
  });
});

describe('the ebook', () => {
  it('is an entitlement: the buyer downloads the PDF, everyone else gets 403', async () => {
    const buyer = await createLearner(t.app, t.store);
    const other = await createLearner(t.app, t.store);
    const id = mp.add({ id: paymentId(), transaction_amount: 3, external_reference: EBOOK }).id;
    const res = await confirm(buyer, EBOOK, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.roles).toEqual([]); // the ebook is not the course
    const list = await t.app.inject({ method: 'GET', url: '/api/me/entitlements', headers: { cookie: buyer.cookie } });
    expect(list.json().data.map((e: { productId: string }) => e.productId)).toEqual([EBOOK]);

    const download = await t.app.inject({ method: 'GET', url: '/api/downloads/afirmaciones-ebook', headers: { cookie: buyer.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="afirmaciones-ebook-completo.pdf"');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const refused = await t.app.inject({ method: 'GET', url: '/api/downloads/afirmaciones-ebook', headers: { cookie: other.cookie } });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/downloads/afirmaciones-ebook' })).statusCode).toBe(401);
  });
});

describe('POST /api/payment/webhook', () => {
  it('refuses a missing or wrong signature', async () => {
    const id = mp.add({ id: paymentId() }).id;
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/payment/webhook?data.id=${id}&type=payment`,
      payload: { type: 'payment', data: { id: String(id) } },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await webhook(id, { secret: 'otro-secreto' })).statusCode).toBe(401);
  });

  it('grants a payment that carries the buyer in its metadata; the browser confirm afterwards is welcome, nothing twice', async () => {
    const l = await createLearner(t.app, t.store);
    const id = mp.add({ id: paymentId(), metadata: { user_id: l.userId } }).id;
    const res = await webhook(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.handled).toBe('confirmed');
    expect(await roles(l)).toEqual([PREMIUM_ROLE]);
    const again = await webhook(id);
    expect(again.json().data.handled).toBe('already-confirmed');
    const browser = await confirm(l, COURSE, id);
    expect(browser.statusCode).toBe(200);
    expect((await paymentEvents(id)).map((e) => e.type)).toEqual(['PaymentConfirmed']);
    expect((await me(l)).roles).toEqual([PREMIUM_ROLE]);
  });

  it('webhook and browser racing for one payment grant once', async () => {
    const l = await createLearner(t.app, t.store);
    const id = mp.add({ id: paymentId(), metadata: { user_id: l.userId } }).id;
    const [hook, browser] = await Promise.all([webhook(id), confirm(l, COURSE, id)]);
    expect(hook.statusCode).toBe(200);
    expect(browser.statusCode).toBe(200);
    expect(await paymentEvents(id)).toHaveLength(1);
    const grants = await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'RoleGranted'`, [`learner-${l.userId}`]);
    expect(grants.rows[0].n).toBe(1);
  });

  it('a refund or charge-back takes back what the payment granted', async () => {
    const course = await createLearner(t.app, t.store);
    const courseId = mp.add({ id: paymentId() }).id;
    await confirm(course, COURSE, courseId);
    mp.update(courseId, { status: 'refunded', status_detail: 'refunded' });
    expect((await webhook(courseId)).json().data.handled).toBe('reversed');
    expect(await roles(course)).toEqual([]);
    expect((await webhook(courseId)).json().data.handled).toBe('nothing-to-reverse');

    const ebook = await createLearner(t.app, t.store);
    const ebookId = mp.add({ id: paymentId(), transaction_amount: 3, external_reference: EBOOK }).id;
    await confirm(ebook, EBOOK, ebookId);
    mp.update(ebookId, { status: 'charged_back', status_detail: 'settled' });
    await webhook(ebookId);
    expect((await t.app.inject({ method: 'GET', url: '/api/downloads/afirmaciones-ebook', headers: { cookie: ebook.cookie } })).statusCode).toBe(403);
    expect((await paymentEvents(ebookId)).map((e) => [e.type, e.data.status ?? null])).toEqual([
      ['PaymentConfirmed', null],
      ['PaymentReversed', 'charged_back'],
    ]);
    // A reversed payment cannot be confirmed again.
    expect((await confirm(ebook, EBOOK, ebookId)).statusCode).toBe(409);
  });

  it('leaves a payment without a known buyer for the browser to claim, and tells the provider it was received', async () => {
    const l = await createLearner(t.app, t.store);
    const id = mp.add({ id: paymentId() }).id;
    const res = await webhook(id);
    expect(res.json().data.handled).toBe('awaiting-buyer');
    expect(await paymentEvents(id)).toEqual([]);
    expect((await confirm(l, COURSE, id)).statusCode).toBe(200);
  });
});

describe('POST /api/payment/webhook: the time window and replays', () => {
  const MINUTE = 60_000;
  const notify = (options: Omit<NotificationOptions, 'secret'>, app = t.app) => {
    const { ts: _ts, requestId: _r, ...request } = notification({ secret: SECRET, ...options });
    return app.inject(request);
  };
  const providerCalls = (id: number) => mp.requests.filter((r) => r.path === `/v1/payments/${id}`).length;

  it('refuses a correctly signed notification from the year 2000: 401 in Spanish, the provider is not asked, nothing is written', async () => {
    const l = await createLearner(t.app, t.store);
    const id = mp.add({ id: paymentId(), metadata: { user_id: l.userId } }).id;
    const before = await countEvents(db.pool);
    for (const tsUnit of ['seconds', 'milliseconds'] as const) {
      const res = await notify({ paymentId: id, at: new Date('2000-01-01T00:00:00Z'), tsUnit });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/notificación/i) });
    }
    expect(providerCalls(id)).toBe(0);
    expect(await countEvents(db.pool)).toBe(before);
    expect(await roles(l)).toEqual([]);
  });

  it('accepts ts in seconds or in milliseconds within 5 minutes either way of now, and refuses it beyond', async () => {
    const now = Date.now();
    const cases: Array<[number, 'seconds' | 'milliseconds', number]> = [
      [-4 * MINUTE, 'seconds', 200],
      [4 * MINUTE, 'milliseconds', 200],
      [-6 * MINUTE, 'seconds', 401],
      [-6 * MINUTE, 'milliseconds', 401],
      [6 * MINUTE, 'seconds', 401],
    ];
    for (const [offset, tsUnit, status] of cases) {
      const id = mp.add({ id: paymentId() }).id;
      const res = await notify({ paymentId: id, at: new Date(now + offset), tsUnit });
      expect(res.statusCode, `${offset / MINUTE} min in ${tsUnit}: ${res.body}`).toBe(status);
      expect(providerCalls(id), `${offset / MINUTE} min in ${tsUnit}`).toBe(status === 200 ? 1 : 0);
    }
  });

  it('answers a replayed notification (same ts, request id and payment) with 200 without processing it again, in every process', async () => {
    const l = await createLearner(t.app, t.store);
    const id = mp.add({ id: paymentId(), metadata: { user_id: l.userId } }).id;
    const signed = { paymentId: id, requestId: randomUUID(), at: new Date() };
    const first = await notify(signed);
    expect(first.json().data.handled).toBe('confirmed');
    expect(providerCalls(id)).toBe(1);

    // The payment is refunded; a replay of the old notification must not be what reads it.
    mp.update(id, { status: 'refunded', status_detail: 'refunded' });
    const replay = await notify(signed);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toMatchObject({ success: true, data: { handled: 'duplicate' } });

    // A second server process on the same database knows it too.
    const other = await startTestApp(db, {
      config: { MERCADOPAGO_API_URL: mp.apiUrl, MERCADOPAGO_ACCESS_TOKEN: mp.token, MERCADOPAGO_WEBHOOK_SECRET: SECRET },
    });
    try {
      expect((await notify(signed, other.app)).json().data.handled).toBe('duplicate');
    } finally {
      await other.close();
    }
    expect(providerCalls(id)).toBe(1);
    expect((await paymentEvents(id)).map((e) => e.type)).toEqual(['PaymentConfirmed']);
    expect(await roles(l)).toEqual([PREMIUM_ROLE]);

    // The provider's own new notification (new request id and ts) is processed.
    expect((await notify({ paymentId: id })).json().data.handled).toBe('reversed');
    expect(await roles(l)).toEqual([]);
  });

  it('twin deliveries of one notification at the same moment are processed once', async () => {
    const l = await createLearner(t.app, t.store);
    const id = mp.add({ id: paymentId(), metadata: { user_id: l.userId } }).id;
    const signed = { paymentId: id, requestId: randomUUID(), at: new Date() };
    const answers = await Promise.all([notify(signed), notify(signed), notify(signed)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().data.handled).sort()).toEqual(['confirmed', 'duplicate', 'duplicate']);
    expect(providerCalls(id)).toBe(1);
  });

  it("a notification that failed (the provider down) is not remembered: Mercado Pago's retry of it is processed", async () => {
    const l = await createLearner(t.app, t.store);
    const id = mp.add({ id: paymentId(), metadata: { user_id: l.userId } }).id;
    const signed = { paymentId: id, requestId: randomUUID(), at: new Date() };
    mp.down('error');
    expect((await notify(signed)).statusCode).toBe(503);
    mp.down(false);
    const retry = await notify(signed);
    expect(retry.json().data.handled, retry.body).toBe('confirmed');
    expect(await roles(l)).toEqual([PREMIUM_ROLE]);
  });

  it('forgets what it remembered once the window has passed', async () => {
    const id = mp.add({ id: paymentId() }).id;
    await notify({ paymentId: id });
    const remembered = () =>
      db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_receipts WHERE data_id = $1', [String(id)]).then((r) => r.rows[0]!.n);
    expect(await remembered()).toBe(1);
    // As if it had been signed 6 minutes ago: no replay of it can pass the window any more.
    await db.pool.query("UPDATE webhook_receipts SET signed_at = now() - interval '6 minutes' WHERE data_id = $1", [String(id)]);
    await notify({ paymentId: mp.add({ id: paymentId() }).id });
    expect(await remembered()).toBe(0);
  });
});
