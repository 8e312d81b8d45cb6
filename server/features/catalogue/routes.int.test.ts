import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES, DEFAULT_CATALOGUE } from '../../../course/catalogue';
import { PREMIUM_ROLE } from '../../../course/rules';
import { ROLES } from '../../../events/accounts/accounts.events';
import { catalogueFold } from '../../../events/catalogue/catalogue';
import { CATALOGUE_STREAM } from '../../../events/catalogue/catalogue.events';
import { fakeMercadoPagoConfig, startFakeMercadoPago, type FakeMercadoPago } from '../../../tests/fakes/mercadopago';
import { countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { PAYMENT_INVALID, PAYMENT_SUCCESS } from '../payments/routes';

let db: TestDatabase;
let t: TestApp;
let mp: FakeMercadoPago;
let coach: Learner;
let learner: Learner;
beforeAll(async () => {
  db = await createTestDatabase();
  mp = await startFakeMercadoPago();
  t = await startTestApp(db, { config: fakeMercadoPagoConfig(mp, 'whsec-catalogo') });
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  learner = await createLearner(t.app, t.store);
});
afterAll(async () => {
  await t?.close();
  await mp?.close();
  await db?.drop();
});
beforeEach(() => mp.down(false));

const COURSE = 'manifiesta-curso-completo';
const publicCatalogue = async (app = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/api/catalogue' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const coachCatalogue = () => t.app.inject({ method: 'GET', url: '/api/coach/catalogue', headers: { cookie: coach.cookie } });
const patch = (payload: object, who: Learner | null = coach) =>
  t.app.inject({ method: 'PATCH', url: '/api/coach/catalogue', headers: who ? { cookie: who.cookie } : {}, payload });
const restore = (version: number, who: Learner | null = coach) =>
  t.app.inject({ method: 'POST', url: '/api/coach/catalogue/restore', headers: who ? { cookie: who.cookie } : {}, payload: { version } });
const checkout = (who: Learner) => t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie: who.cookie }, payload: { productId: COURSE } });
const confirm = (who: Learner, id: number) =>
  t.app.inject({ method: 'POST', url: '/api/payment/confirm', headers: { cookie: who.cookie }, payload: { paymentId: String(id) } });

describe('the catalogue', () => {
  it('a fresh install shows the spec’s prices, in USD, and no retreat spot count', async () => {
    const data = await publicCatalogue();
    expect(data).toEqual({ ...DEFAULT_CATALOGUE, version: 0, currency: 'USD' });
    expect(data).toMatchObject({ courseAmount: 270, courseOldAmount: 770, retreatTotal: 377, retreatDeposit: 177, retreatStart: '11-14', retreatSpots: null });
  });

  it('is changed by the coach only: 401 without a session, 403 for a learner, nothing written', async () => {
    const before = await countEvents(db.pool);
    expect((await patch({ retreatTotal: 1 }, null)).statusCode).toBe(401);
    expect((await patch({ retreatTotal: 1 }, learner)).statusCode).toBe(403);
    expect((await restore(0, learner)).statusCode).toBe(403);
    expect((await restore(0, null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/coach/catalogue', headers: { cookie: learner.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/coach/catalogue' })).statusCode).toBe(401);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('refuses bad input with a Spanish 400 and writes nothing, not even the good fields beside it', async () => {
    const before = await countEvents(db.pool);
    for (const [payload, message] of [
      [{ retreatTotal: 400, retreatDeposit: -5 }, CATALOGUE_MESSAGES.amount('Anticipo para reservar el retiro')],
      [{ retreatTotal: 400, courseAmount: 12.345 }, CATALOGUE_MESSAGES.amount('Precio del curso Manifiesta')],
      [{ retreatTotal: 100 }, CATALOGUE_MESSAGES.depositTooHigh],
      [{ courseOldAmount: 100 }, CATALOGUE_MESSAGES.oldNotHigher('Precio anterior del curso')],
      [{ retreatStart: '2027-11-20', retreatEnd: '2027-11-19' }, CATALOGUE_MESSAGES.endBeforeStart],
      [{ retreatSpots: 1.5 }, CATALOGUE_MESSAGES.spots('Lugares que quedan en el retiro')],
      [{ courseAmount: 999_999 }, CATALOGUE_MESSAGES.tooHigh('Precio del curso Manifiesta')],
    ] as const) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(message), data: null });
    }
    expect(await countEvents(db.pool)).toBe(before);
    expect((await publicCatalogue()).retreatTotal).toBe(377);
  });

  it('records only the changed fields with the coach as actor; GET /api/catalogue shows them at once, from any process', async () => {
    const other = await t.buildApp();
    try {
      const seen = await publicCatalogue(other);
      const res = await patch({ retreatTotal: 420, retreatDeposit: 177, retreatStart: '2027-11-12', retreatEnd: '2027-11-14', retreatSpots: 6 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(CATALOGUE_MESSAGES.saved);
      const events = await t.store.readStream(CATALOGUE_STREAM);
      expect(events.map((e) => [e.type, e.data, e.metadata.actor])).toEqual([
        ['CatalogueChanged', { changes: { retreatTotal: 420, retreatStart: '2027-11-12', retreatEnd: '2027-11-14', retreatSpots: 6 } }, coach.userId],
      ]);
      const now = await publicCatalogue(other);
      expect(now).toMatchObject({ version: seen.version + 1, retreatTotal: 420, retreatStart: '2027-11-12', retreatSpots: 6 });
      const cached = await other.inject({ method: 'GET', url: '/api/catalogue', headers: { 'if-none-match': `"catalogue-${now.version}"` } });
      expect(cached.statusCode).toBe(304);
      const before = await countEvents(db.pool);
      expect((await patch({ retreatTotal: 420 })).json().message).toBe(CATALOGUE_MESSAGES.unchanged);
      expect(await countEvents(db.pool)).toBe(before);
    } finally {
      await other.close();
    }
  });

  it('charges the new price at checkout, and grants a payment at the old price for a purchase started before the change', async () => {
    const early = await createLearner(t.app, t.store);
    const started = await checkout(early);
    expect(started.statusCode, started.body).toBe(200);
    expect(mp.preferences.at(-1)!.items[0]).toMatchObject({ unit_price: 270, currency_id: 'USD' });

    expect((await patch({ courseAmount: 300, courseOldAmount: 800 })).statusCode).toBe(200);
    const late = await createLearner(t.app, t.store);
    const res = await checkout(late);
    expect(res.statusCode, res.body).toBe(200);
    expect(mp.preferences.at(-1)!.items[0]).toMatchObject({ unit_price: 300, currency_id: 'USD' });
    const purchase = await t.store.readStream(`purchase-${res.json().data.purchaseId}`);
    expect(purchase[0]!.data).toMatchObject({ amount: 300, currency: 'USD' });

    // Paid at 270, the price of its own checkout: granted, though the catalogue now says 300.
    const fair = mp.pay(started.json().data.purchaseId);
    expect(fair.transaction_amount).toBe(270);
    const granted = await confirm(early, fair.id);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ message: PAYMENT_SUCCESS, data: { user: { roles: [PREMIUM_ROLE] } } });

    // Paid at 270 for a checkout started at 300: refused, nothing granted.
    const short = mp.pay(res.json().data.purchaseId, { transaction_amount: 270 });
    const before = await countEvents(db.pool);
    const refused = await confirm(late, short.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PAYMENT_INVALID);
    expect(await countEvents(db.pool)).toBe(before);
    const paid = mp.pay(res.json().data.purchaseId);
    expect((await confirm(late, paid.id)).statusCode).toBe(200);
  });

  it('keeps the history and restores an earlier version as one more change; the log rebuilds the same catalogue', async () => {
    const history = (await coachCatalogue()).json().data.history;
    expect(history.map((h: { version: number; fields: string[] }) => [h.version, h.fields])).toEqual([
      [2, ['courseAmount', 'courseOldAmount']],
      [1, ['retreatTotal', 'retreatSpots', 'retreatStart', 'retreatEnd']],
    ]);
    expect(history[0]).toMatchObject({ by: coach.userId, restoredFrom: null, changes: { courseAmount: 300, courseOldAmount: 800 } });

    const res = await restore(1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CATALOGUE_MESSAGES.restored);
    expect(res.json().data.catalogue).toMatchObject({ courseAmount: 270, courseOldAmount: 770, retreatTotal: 420 });
    expect(res.json().data.history[0]).toMatchObject({ version: 3, restoredFrom: 1, fields: ['courseAmount', 'courseOldAmount'] });
    expect((await publicCatalogue()).courseAmount).toBe(270);
    expect((await restore(1)).json().message).toBe(CATALOGUE_MESSAGES.alreadyCurrent);
    expect((await restore(99)).statusCode).toBe(404);

    const first = (await restore(0)).json().data.catalogue;
    expect(first).toEqual(DEFAULT_CATALOGUE);

    // Rebuilt from the log alone, by a fold that never saw these requests: the same catalogue, the same history.
    const fold = catalogueFold(DEFAULT_CATALOGUE);
    const rebuilt = (await t.store.readStream(CATALOGUE_STREAM)).reduce(fold.evolve, fold.initial);
    const served = (await coachCatalogue()).json().data;
    expect(rebuilt.values).toEqual(served.catalogue);
    expect(rebuilt.version).toBe(served.version);
    expect(rebuilt.history.map((h) => h.version).reverse()).toEqual(served.history.map((h: { version: number }) => h.version));
  });
});
