import { PRODUCTS } from '../../../course/products';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PREMIUM_ROLE } from '../../../course/rules';
import { countEvents, mailSettled, startMailWorkers, startTestApp, TEST_CONFIG, waitFor, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { notification, fakeMercadoPagoConfig, startFakeMercadoPago, type FakeMercadoPago, type NotificationOptions } from '../../../tests/fakes/mercadopago';
import { decideGrantRole, evolveAccount, initialAccountState } from '../../../events/accounts/accounts';
import { learnerStreamId } from '../../../events/accounts/accounts.events';
import { PAYMENT_NOT_YOURS } from '../../../events/payments/payments';
import { handleCommand } from '../../../events/store/command';
import { createKeyring } from '../../../events/store/keyring';
import { REDACTED } from '../../../events/store/sealing';
import { forgetToken } from '../erasure/forget-link';
import { createCatalog, projections } from '../../../events/registry';
import { rebuildProjections } from '../../../events/store/reader';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import { MAX_DOWNLOADS } from './downloads';
import { ACCESS_ENDED_SUBJECT, ACCESS_GRANTED_SUBJECT, DOWNLOAD_SUBJECT } from './emails';
import { CHECKOUT_DOWN } from './mercadopago';
import {
  ACCOUNT_NEEDED,
  CHECKOUT_EMAIL,
  DOWNLOAD_REFUSED,
  GUEST_REFERENCE_MISSING,
  PAYMENT_HELD,
  PAYMENT_INVALID,
  PAYMENT_PENDING,
  PAYMENT_SUCCESS,
  SIGN_IN_TO_CONFIRM,
  UNKNOWN_PRODUCT,
} from './routes';

const SECRET = 'whsec-prueba-manifiesta';
let db: TestDatabase;
let t: TestApp;
let mp: FakeMercadoPago;
beforeAll(async () => {
  db = await createTestDatabase();
  mp = await startFakeMercadoPago();
  t = await startTestApp(db, { config: fakeMercadoPagoConfig(mp, SECRET) });
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

/** POST /api/checkout as this learner (or a guest, with an address). */
const checkout = (who: Learner | { email?: string } | undefined, productId: string, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: who && 'cookie' in who ? { cookie: who.cookie } : {},
    payload: { productId, ...(who && 'email' in who && who.email ? { email: who.email } : {}), ...body },
  });
/** A purchase started and paid through Mercado Pago (the fake), its payment approved unless `change` says otherwise. */
async function bought(who: Learner | { email: string }, productId: string, change: Parameters<FakeMercadoPago['pay']>[1] = {}) {
  const res = await checkout(who, productId);
  expect(res.statusCode, res.body).toBe(200);
  const { purchaseId } = res.json().data as { purchaseId: string; initPoint: string };
  return { purchaseId, payment: mp.pay(purchaseId, change) };
}
const confirm = (l: Learner | undefined, id: number | string, body: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/payment/confirm', headers: l ? { cookie: l.cookie } : {}, payload: { paymentId: String(id), ...body } });
const me = async (l: Learner) => (await t.app.inject({ method: 'GET', url: '/api/auth/verifyToken', headers: { cookie: l.cookie } })).json().data;
const roles = async (l: Learner) => (await db.pool.query('SELECT roles FROM users WHERE user_id = $1', [l.userId])).rows[0].roles as number[];
const paymentEvents = async (id: number) =>
  (await db.pool.query(`SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position`, [`payment-${id}`])).rows;
const download = (query = '', l?: Learner) =>
  t.app.inject({ method: 'GET', url: `/api/downloads/afirmaciones-ebook${query}`, headers: l ? { cookie: l.cookie } : {} });

/** The coach's grant by hand, as `npm run user:grant-role` writes it. */
const grantRole = (userId: string, role: number, by: string) =>
  handleCommand(t.store, learnerStreamId(userId), { initial: initialAccountState, evolve: evolveAccount }, (state) => ({
    events: decideGrantRole(state, { userId, role, by }),
  }));

function webhook(id: number | string, { secret = SECRET } = {}) {
  const { ts: _ts, requestId: _requestId, ...request } = notification({ paymentId: id, secret });
  return t.app.inject(request);
}

describe('POST /api/checkout', () => {
  it('creates the Mercado Pago preference at the catalogue’s price, for the signed-in buyer, whatever the client sends', async () => {
    const l = await createLearner(t.app, t.store);
    const before = mp.preferences.length;
    // A price, an amount or an account of someone else in the body are not ours to take: refused, nothing created.
    for (const extra of [{ amount: 1 }, { unit_price: 1 }, { userId: randomUUID() }]) {
      const refused = await checkout(l, COURSE, extra);
      expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(mp.preferences.length).toBe(before);

    const res = await checkout(l, COURSE, { email: 'otra@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const { purchaseId, initPoint } = res.json().data;
    const preference = mp.preferences.at(-1)!;
    expect(initPoint).toBe(preference.init_point);
    expect(preference).toMatchObject({
      items: [{ id: COURSE, title: 'Manifiesta: el curso completo', quantity: 1, unit_price: 270, currency_id: 'USD' }],
      external_reference: purchaseId,
      metadata: { purchase_id: purchaseId, user_id: l.userId },
      back_urls: { success: `${TEST_CONFIG.publicUrl}/confirmacion-pago?product_id=${COURSE}` },
      auto_return: 'approved',
      notification_url: `${TEST_CONFIG.publicUrl}/api/payment/webhook`,
      idempotencyKey: purchaseId,
    });
    // The buyer is the account, not an address typed in the body.
    expect(preference.metadata).not.toHaveProperty('buyer_email');
    const started = await openedEvents(db.pool, 'stream_id = $1', [`purchase-${purchaseId}`]);
    expect(started.map((e) => [e.type, e.data])).toEqual([
      ['CheckoutStarted', { purchaseId, productId: COURSE, amount: 270, currency: 'USD', userId: l.userId, preferenceId: preference.id }],
    ]);
  });

  it('a guest buys the ebook with an address (sealed in the log); the course needs an account; bad input writes nothing', async () => {
    const guest = await checkout({ email: 'Lucia@Example.com' }, EBOOK);
    expect(guest.statusCode, guest.body).toBe(200);
    const { purchaseId } = guest.json().data;
    expect(mp.preferences.at(-1)).toMatchObject({
      items: [{ unit_price: 3, currency_id: 'USD' }],
      payer: { email: 'lucia@example.com' },
      metadata: { purchase_id: purchaseId, buyer_email: 'lucia@example.com' },
    });
    const raw = await db.pool.query(`SELECT data->>'email' AS email FROM events WHERE stream_id = $1`, [`purchase-${purchaseId}`]);
    expect(raw.rows[0].email).not.toContain('lucia');

    const before = await countEvents(db.pool);
    const cases: Array<[{ email?: string } | undefined, string, number, string]> = [
      [{ email: 'lucia@example.com' }, COURSE, 401, ACCOUNT_NEEDED],
      [undefined, EBOOK, 400, CHECKOUT_EMAIL],
      [{ email: 'no-es-un-correo' }, EBOOK, 400, CHECKOUT_EMAIL],
      [{ email: 'lucia@example.com' }, 'curso-gratis', 400, UNKNOWN_PRODUCT],
    ];
    for (const [who, product, status, message] of cases) {
      const res = await checkout(who, product);
      expect(res.statusCode, `${product} ${JSON.stringify(who)}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('says clearly when Mercado Pago cannot open the checkout, and records no purchase', async () => {
    const l = await createLearner(t.app, t.store);
    const before = await countEvents(db.pool);
    mp.down('error');
    const res = await checkout(l, COURSE);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(CHECKOUT_DOWN);
    expect(await countEvents(db.pool)).toBe(before);
  });
});

describe('POST /api/payment/confirm', () => {
  it('an approved course payment makes its buyer premium, once, and answers the refreshed user', async () => {
    const l = await createLearner(t.app, t.store);
    const { purchaseId, payment } = await bought(l, COURSE);
    const res = await confirm(l, payment.id, { productId: COURSE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: PAYMENT_SUCCESS,
      data: { productId: COURSE, landing: '/cursos/manifiesta', user: { id: l.userId, roles: [PREMIUM_ROLE] } },
    });
    expect(await roles(l)).toEqual([PREMIUM_ROLE]);
    expect(mp.requests.at(-1)).toEqual({ path: `/v1/payments/${payment.id}`, authorized: true });
    expect((await paymentEvents(payment.id)).map((e) => [e.type, e.data.userId, e.data.purchaseId, e.data.amount, e.data.source])).toEqual([
      ['PaymentConfirmed', l.userId, purchaseId, 270, 'confirm'],
    ]);
    // Again, by its buyer (a reload): welcome, nothing more written.
    const before = await countEvents(db.pool);
    expect((await confirm(l, payment.id)).statusCode).toBe(200);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('bob cannot claim alice’s payment (403, nothing written); alice confirms it afterwards', async () => {
    const alice = await createLearner(t.app, t.store);
    const bob = await createLearner(t.app, t.store);
    const { payment } = await bought(alice, COURSE);
    const before = await countEvents(db.pool);
    const stolen = await confirm(bob, payment.id, { productId: COURSE });
    expect(stolen.statusCode, stolen.body).toBe(403);
    expect(stolen.json().message).toBe(PAYMENT_NOT_YOURS);
    expect(await roles(bob)).toEqual([]);
    expect(await countEvents(db.pool)).toBe(before);
    // Signed out, nobody is told anything is theirs: sign in first.
    const anonymous = await confirm(undefined, payment.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(SIGN_IN_TO_CONFIRM);
    expect(await countEvents(db.pool)).toBe(before);

    const own = await confirm(alice, payment.id, { productId: COURSE });
    expect(own.statusCode, own.body).toBe(200);
    expect(await roles(alice)).toEqual([PREMIUM_ROLE]);
    // And once granted, bob is still refused.
    expect((await confirm(bob, payment.id)).statusCode).toBe(403);
    expect(await roles(bob)).toEqual([]);
  });

  it('a payment made outside our checkout is held for the coach: granted to nobody, however many ask', async () => {
    const l = await createLearner(t.app, t.store);
    // The old fixed checkout links carried the product id as their reference.
    const id = mp.add({ id: paymentId(), external_reference: COURSE }).id;
    for (const who of [l, undefined, l]) {
      const res = await confirm(who, id, { productId: COURSE });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ success: true, message: PAYMENT_HELD, data: { held: true } });
    }
    expect(await roles(l)).toEqual([]);
    expect((await paymentEvents(id)).map((e) => [e.type, e.data.productId, e.data.amount])).toEqual([['PaymentHeld', COURSE, 270]]);
    const row = await db.pool.query('SELECT status, user_id FROM payments WHERE payment_id = $1', [String(id)]);
    expect(row.rows).toEqual([{ status: 'held', user_id: null }]);
  });

  it('refuses pending, rejected, wrong amount, wrong currency and unknown payments, granting nothing', async () => {
    const l = await createLearner(t.app, t.store);
    const cases: Array<[Parameters<FakeMercadoPago['pay']>[1] | null, string]> = [
      [{ status: 'pending', status_detail: 'pending_waiting_payment' }, PAYMENT_PENDING],
      [{ status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' }, PAYMENT_INVALID],
      [{ transaction_amount: 27 }, PAYMENT_INVALID],
      [{ currency_id: 'ARS' }, PAYMENT_INVALID],
      [null, PAYMENT_INVALID],
    ];
    const before = await countEvents(db.pool);
    const started = await countEvents(db.pool);
    for (const [change, message] of cases) {
      const id = change ? (await bought(l, COURSE, change)).payment.id : paymentId();
      const res = await confirm(l, id);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Only the four checkouts were written (CheckoutStarted), no payment.
    expect((await countEvents(db.pool)) - started).toBe(4);
    // Malformed input never reaches the provider.
    const asked = mp.requests.length;
    for (const id of ['12ab', '', '1'.repeat(21)]) {
      const res = await confirm(l, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PAYMENT_INVALID);
    }
    expect(mp.requests.length).toBe(asked);
    expect(await roles(l)).toEqual([]);
    expect(before).toBeLessThan(await countEvents(db.pool));
  });

  it('says clearly when the provider is down or silent, and grants nothing; works once it is back', async () => {
    const l = await createLearner(t.app, t.store);
    const { payment } = await bought(l, COURSE);
    for (const mode of ['error', 'hang'] as const) {
      mp.down(mode);
      const res = await confirm(l, payment.id);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/No pudimos verificar tu pago con Mercado Pago/);
    }
    expect(await roles(l)).toEqual([]);
    mp.down(false);
    expect((await confirm(l, payment.id)).statusCode).toBe(200);
  });

  it('concurrent confirmations of one payment by its buyer and by someone else grant it once, to the buyer', async () => {
    const [a, b] = await Promise.all([createLearner(t.app, t.store), createLearner(t.app, t.store)]);
    const { payment } = await bought(a, COURSE);
    const results = await Promise.all([confirm(a, payment.id), confirm(b, payment.id), confirm(a, payment.id)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 403, 200]);
    expect(await roles(a)).toEqual([PREMIUM_ROLE]);
    expect(await roles(b)).toEqual([]);
    expect(await paymentEvents(payment.id)).toHaveLength(1);
  });
});

describe('the ebook', () => {
  it('bought with an account is an entitlement: the buyer downloads the PDF, everyone else gets 403', async () => {
    const buyer = await createLearner(t.app, t.store);
    const other = await createLearner(t.app, t.store);
    const { payment } = await bought(buyer, EBOOK);
    const res = await confirm(buyer, payment.id, { productId: EBOOK });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.roles).toEqual([]); // the ebook is not the course
    expect(res.json().data.download).toBeUndefined(); // an account downloads from its session
    const list = await t.app.inject({ method: 'GET', url: '/api/me/entitlements', headers: { cookie: buyer.cookie } });
    expect(list.json().data.map((e: { productId: string }) => e.productId)).toEqual([EBOOK]);

    const file = await download('', buyer);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="afirmaciones-ebook-completo.pdf"');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await download('', other)).statusCode).toBe(403);
    expect((await download()).statusCode).toBe(401);
  });
});

describe('a guest’s ebook, end to end', () => {
  let smtp: SmtpCapture;
  let removeOutbox: () => Promise<void>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    removeOutbox = await startMailWorkers(t, db, smtp.url);
  });
  afterAll(async () => {
    await smtp?.close();
  });
  afterAll(async () => {
    await removeOutbox?.();
  });

  const linkIn = (text: string) => {
    const match = /https?:\/\/\S+\/api\/downloads\/afirmaciones-ebook\?token=([\w-]+)/.exec(text);
    expect(match, text).not.toBeNull();
    return `?token=${match![1]}`;
  };

  it('pays with an address, downloads at once, gets the link by mail over SMTP; the link expires', async () => {
    const email = `invitada-${randomUUID().slice(0, 8)}@example.com`;
    const { purchaseId, payment } = await bought({ email }, EBOOK);
    // Without the purchase's reference (someone who only learned the payment id): refused, nothing written.
    const before = await countEvents(db.pool);
    const unproven = await confirm(undefined, payment.id);
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json().message).toBe(GUEST_REFERENCE_MISSING);
    expect(await countEvents(db.pool)).toBe(before);

    const res = await confirm(undefined, payment.id, { productId: EBOOK, purchaseId });
    expect(res.statusCode, res.body).toBe(200);
    const { download: now } = res.json().data as { download: { url: string; expiresAt: string; downloads: number } };
    expect(now.downloads).toBe(MAX_DOWNLOADS);
    expect(now.url).toMatch(/^\/api\/downloads\/afirmaciones-ebook\?token=/);
    expect(new Date(now.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    const file = await download(now.url.slice(now.url.indexOf('?')));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [mail] = await waitFor(() => (smtp.mailsTo(email).length ? smtp.mailsTo(email) : undefined), { what: 'the download mail' });
    expect(mail!.mail.subject).toBe(DOWNLOAD_SUBJECT);
    // What the buyer paid, as charged: the catalogue's price of the ebook.
    expect(mail!.mail.text).toContain(`(pagaste $${PRODUCTS[EBOOK].amount} USD)`);
    expect(mail!.mail.text).toMatch(/\/olvidar\?token=/); // the address can be forgotten from the mail itself
    const query = linkIn(mail!.mail.text ?? '');
    expect((await download(query)).statusCode).toBe(200);
    // One mail for the purchase, however many times it is confirmed.
    expect((await confirm(undefined, payment.id, { purchaseId })).statusCode).toBe(200);
    await mailSettled(db.pool);
    expect(smtp.mailsTo(email)).toHaveLength(1);

    // Past its date, the link says so in Spanish.
    await db.pool.query("UPDATE download_tokens SET expires_at = now() - interval '1 second' WHERE purchase_id = $1", [purchaseId]);
    const expired = await download(query);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(DOWNLOAD_REFUSED.expired);
    expect((await download('?token=inventado-inventado-inventado')).json().message).toBe(DOWNLOAD_REFUSED.unknown);
  });

  it('a guest who closes the tab is granted by the webhook and still gets the link by mail', async () => {
    const email = `sin-pestana-${randomUUID().slice(0, 8)}@example.com`;
    const { payment } = await bought({ email }, EBOOK);
    expect((await webhook(payment.id)).json().data.handled).toBe('confirmed');
    const { mail } = await waitFor(() => smtp.mailsTo(email)[0], { what: 'the download mail' });
    expect((await download(linkIn(mail.text ?? ''))).statusCode).toBe(200);
  });

  it('a link serves a limited number of downloads, and a refund ends it', async () => {
    const email = `invitado-${randomUUID().slice(0, 8)}@example.com`;
    const { purchaseId, payment } = await bought({ email }, EBOOK);
    const url = (await confirm(undefined, payment.id, { purchaseId })).json().data.download.url as string;
    const query = url.slice(url.indexOf('?'));
    const codes = [];
    for (let i = 0; i < MAX_DOWNLOADS + 1; i++) codes.push((await download(query)).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(MAX_DOWNLOADS);
    expect(codes.at(-1)).toBe(410);

    const { purchaseId: second, payment: again } = await bought({ email }, EBOOK);
    const other = (await confirm(undefined, again.id, { purchaseId: second })).json().data.download.url as string;
    mp.update(again.id, { status: 'refunded', status_detail: 'refunded' });
    expect((await webhook(again.id)).json().data.handled).toBe('reversed');
    const refused = await download(other.slice(other.indexOf('?')));
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe(DOWNLOAD_REFUSED.reversed);
    const refund = await waitFor(() => smtp.mailsTo(email).find((m) => m.mail.subject === ACCESS_ENDED_SUBJECT), { what: 'the refund mail' });
    expect(refund.mail.text).toContain(`Te reembolsamos el pago de $${PRODUCTS[EBOOK].amount} USD por «${PRODUCTS[EBOOK].name}»`);
  });

  it('the learner is told by mail when access starts and when it ends, and not when another source keeps it', async () => {
    const l = await createLearner(t.app, t.store);
    const first = await bought(l, COURSE);
    const second = await bought(l, COURSE);
    await confirm(l, first.payment.id);
    await confirm(l, second.payment.id);
    const mails = () => smtp.mailsTo(l.email).map((m) => m.mail.subject);
    await waitFor(() => mails().filter((s) => s === ACCESS_GRANTED_SUBJECT).length === 2, { what: 'two access mails' });

    mp.update(first.payment.id, { status: 'refunded', status_detail: 'refunded' });
    await webhook(first.payment.id);
    await mailSettled(db.pool);
    expect(mails()).not.toContain(ACCESS_ENDED_SUBJECT);
    mp.update(second.payment.id, { status: 'refunded', status_detail: 'refunded' });
    await webhook(second.payment.id);
    await waitFor(() => mails().includes(ACCESS_ENDED_SUBJECT), { what: 'the access-ended mail' });
  });
});

describe('a guest buyer forgotten', () => {
  it('the unsubscribe-and-forget link blanks the address of their purchase; the sale stays in the books, the address nowhere', async () => {
    const email = `olvidame-${randomUUID().slice(0, 8)}@example.com`;
    const { purchaseId, payment } = await bought({ email }, EBOOK);
    await confirm(undefined, payment.id, { purchaseId });
    const { rows } = await db.pool.query<{ subject: string }>('SELECT subject FROM purchases WHERE purchase_id = $1', [purchaseId]);
    const token = await forgetToken(createKeyring(db.pool), rows[0]!.subject);
    const res = await t.app.inject({ method: 'POST', url: '/api/leads/forget', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await db.pool.query('SELECT email, product_id, amount FROM purchases WHERE purchase_id = $1', [purchaseId]);
    expect(after.rows).toEqual([{ email: null, product_id: EBOOK, amount: '3.00' }]);
    expect((await db.pool.query('SELECT status FROM payments WHERE payment_id = $1', [String(payment.id)])).rows).toEqual([{ status: 'approved' }]);
    const [started] = await openedEvents(db.pool, 'stream_id = $1', [`purchase-${purchaseId}`]);
    expect(started!.data.email).toBe(REDACTED);
    // Rebuilt from the log, the purchase is still there without an address.
    await rebuildProjections(db.pool, createCatalog(), projections);
    expect((await db.pool.query('SELECT email FROM purchases WHERE purchase_id = $1', [purchaseId])).rows).toEqual([{ email: null }]);
  });
});

describe('refunds take back only what nothing else grants', () => {
  it('the refund of one of two course payments keeps role 7; refunding the other ends it', async () => {
    const l = await createLearner(t.app, t.store);
    const first = await bought(l, COURSE);
    const second = await bought(l, COURSE);
    await confirm(l, first.payment.id);
    await confirm(l, second.payment.id);
    mp.update(first.payment.id, { status: 'refunded', status_detail: 'refunded' });
    expect((await webhook(first.payment.id)).json().data.handled).toBe('reversed');
    expect(await roles(l)).toEqual([PREMIUM_ROLE]);
    expect((await me(l)).roles).toEqual([PREMIUM_ROLE]);
    mp.update(second.payment.id, { status: 'charged_back', status_detail: 'settled' });
    expect((await webhook(second.payment.id)).json().data.handled).toBe('reversed');
    expect(await roles(l)).toEqual([]);
  });

  it('a grant by the coach (user:grant-role) survives a refund', async () => {
    const l = await createLearner(t.app, t.store);
    const { payment } = await bought(l, COURSE);
    await confirm(l, payment.id);
    await grantRole(l.userId, PREMIUM_ROLE, 'cli');
    mp.update(payment.id, { status: 'refunded', status_detail: 'refunded' });
    await webhook(payment.id);
    expect(await roles(l)).toEqual([PREMIUM_ROLE]);
  });

  it('two ebook payments: refunding the later one keeps the download', async () => {
    const l = await createLearner(t.app, t.store);
    const first = await bought(l, EBOOK);
    const second = await bought(l, EBOOK);
    await confirm(l, first.payment.id);
    await confirm(l, second.payment.id);
    mp.update(second.payment.id, { status: 'refunded', status_detail: 'refunded' });
    await webhook(second.payment.id);
    expect((await download('', l)).statusCode).toBe(200);
    mp.update(first.payment.id, { status: 'refunded', status_detail: 'refunded' });
    await webhook(first.payment.id);
    expect((await download('', l)).statusCode).toBe(403);
  });

  it('the read models rebuilt from the log hold the same roles and entitlements', async () => {
    const before = await db.pool.query('SELECT user_id, roles, role_sources FROM users ORDER BY user_id');
    const ents = await db.pool.query('SELECT user_id, product_id, sources FROM entitlements ORDER BY user_id, product_id');
    await rebuildProjections(db.pool, createCatalog(), projections);
    expect((await db.pool.query('SELECT user_id, roles, role_sources FROM users ORDER BY user_id')).rows).toEqual(before.rows);
    expect((await db.pool.query('SELECT user_id, product_id, sources FROM entitlements ORDER BY user_id, product_id')).rows).toEqual(ents.rows);
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

  it('grants the purchase’s buyer when the buyer closed the tab; the browser confirm afterwards is welcome, nothing twice', async () => {
    const l = await createLearner(t.app, t.store);
    const { payment } = await bought(l, COURSE);
    const res = await webhook(payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.handled).toBe('confirmed');
    expect(await roles(l)).toEqual([PREMIUM_ROLE]);
    const again = await webhook(payment.id);
    expect(again.json().data.handled).toBe('already-confirmed');
    const browser = await confirm(l, payment.id);
    expect(browser.statusCode).toBe(200);
    expect((await paymentEvents(payment.id)).map((e) => e.type)).toEqual(['PaymentConfirmed']);
    expect((await me(l)).roles).toEqual([PREMIUM_ROLE]);
  });

  it('webhook and browser racing for one payment grant once', async () => {
    const l = await createLearner(t.app, t.store);
    const { payment } = await bought(l, COURSE);
    const [hook, browser] = await Promise.all([webhook(payment.id), confirm(l, payment.id)]);
    expect(hook.statusCode).toBe(200);
    expect(browser.statusCode).toBe(200);
    expect(await paymentEvents(payment.id)).toHaveLength(1);
    const grants = await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'RoleGranted'`, [`learner-${l.userId}`]);
    expect(grants.rows[0].n).toBe(1);
    const jobs = await db.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email.send' AND data->>'paymentId' = $1`, [String(payment.id)]);
    expect(jobs.rows[0].n).toBe(1);
  });

  it('a refund or charge-back takes back what the payment granted; a reversed payment cannot be confirmed again', async () => {
    const course = await createLearner(t.app, t.store);
    const { payment: coursePayment } = await bought(course, COURSE);
    await confirm(course, coursePayment.id);
    mp.update(coursePayment.id, { status: 'refunded', status_detail: 'refunded' });
    expect((await webhook(coursePayment.id)).json().data.handled).toBe('reversed');
    expect(await roles(course)).toEqual([]);
    expect((await webhook(coursePayment.id)).json().data.handled).toBe('nothing-to-reverse');

    const ebook = await createLearner(t.app, t.store);
    const { payment: ebookPayment } = await bought(ebook, EBOOK);
    await confirm(ebook, ebookPayment.id);
    mp.update(ebookPayment.id, { status: 'charged_back', status_detail: 'settled' });
    await webhook(ebookPayment.id);
    expect((await download('', ebook)).statusCode).toBe(403);
    expect((await paymentEvents(ebookPayment.id)).map((e) => [e.type, e.data.status ?? null])).toEqual([
      ['PaymentConfirmed', null],
      ['PaymentReversed', 'charged_back'],
    ]);
    mp.update(ebookPayment.id, { status: 'approved', status_detail: 'accredited' });
    expect((await confirm(ebook, ebookPayment.id)).statusCode).toBe(409);
  });

  it('holds an approved payment that names no purchase of ours, and tells the provider it was received', async () => {
    const l = await createLearner(t.app, t.store);
    const id = mp.add({ id: paymentId(), external_reference: null, metadata: { user_id: l.userId } }).id;
    const res = await webhook(id);
    expect(res.json().data.handled).toBe('held');
    expect(await roles(l)).toEqual([]);
    expect((await paymentEvents(id)).map((e) => e.type)).toEqual(['PaymentHeld']);
    expect((await webhook(id)).json().data.handled).toBe('held');
    expect(await paymentEvents(id)).toHaveLength(1);
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
    const id = (await bought(l, COURSE)).payment.id;
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
    const id = (await bought(l, COURSE)).payment.id;
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
    const id = (await bought(l, COURSE)).payment.id;
    const signed = { paymentId: id, requestId: randomUUID(), at: new Date() };
    const answers = await Promise.all([notify(signed), notify(signed), notify(signed)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().data.handled).sort()).toEqual(['confirmed', 'duplicate', 'duplicate']);
    expect(providerCalls(id)).toBe(1);
  });

  it("a notification that failed (the provider down) is not remembered: Mercado Pago's retry of it is processed", async () => {
    const l = await createLearner(t.app, t.store);
    const id = (await bought(l, COURSE)).payment.id;
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
