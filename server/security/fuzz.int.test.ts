// Property-based fuzzing (fast-check) of every write route under /api, discovered from the app's own OpenAPI
// document: hostile bodies, mutated valid bodies, raw bytes and wrong content types, hostile query strings
// and path params, other spellings of the path (from our pages or from another site), sent as a guest, a
// learner, a premium learner and a coach. The properties: never a 5xx (the database is up); every 4xx is the
// Spanish error envelope; a request that is not 2xx writes nothing (events, streams, every projection table
// and the tables written in the same transaction are unchanged, no pg-boss job is enqueued); a request from
// another site is refused with 403 whatever the spelling of its path; Object.prototype is never polluted.
// Replay a failure with FUZZ_SEED=<seed printed by fast-check>; FUZZ_RUNS sets the runs per property.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AREA_IDS } from '../../course/areas';
import { TIME_FRAMES } from '../../course/belief-threshold';
import { ACTIVITIES } from '../../course/syllabus';
import { ROLES } from '../../events/accounts/accounts.events';
import { targetAreaIds } from '../../events/deep-why/deep-why';
import { projections } from '../../events/registry';
import { PaymentHeld, paymentStreamId } from '../../events/payments/payments.events';
import { KEY_REUSED_MESSAGE } from '../../events/store/event-store';
import { startFakeMercadoPago } from '../../tests/fakes/mercadopago';
import { count, startTestApp, TEST_CONFIG } from '../../tests/setup/app';
import { leadSubject } from '../../events/store/sealing';
import { forgetToken } from '../features/erasure/forget-link';
import { issueConfirmationToken } from '../features/newsletter/confirmation-tokens';
import { loadUnsubscribeSecret, unsubscribeToken } from '../features/newsletter/unsubscribe';
import { visitorStreamId } from '../../events/leads/leads';
import { createTestDatabase } from '../../tests/setup/db';
import { createLearner } from '../../tests/setup/learners';
import { pathSpellings, sendRaw, servedApiRoutes } from '../../tests/setup/routes';
import { CROSS_SITE_MESSAGE } from '../plugins/same-origin';
import { signWebhook } from '../features/payments/mercadopago';
import { hashPassword } from '../features/accounts/secrets';
import { issueAccountToken, markEmailChangeConfirmed, storeEmailChangeRequest, type TokenPurpose } from '../features/accounts/account-tokens';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/** Runs per property; each route × role gets four properties (one per input family). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 9);
const WEBHOOK_SECRET = 'whsec-fuzz';
const PASSWORD = 'clave-de-fuzz-123';

// The app is built at collection time: the routes to fuzz come from the app itself, so a route added
// later gets its tests (and fails until the example table below knows how to build its body).
const db = await createTestDatabase();
const mp = await startFakeMercadoPago();
const t = await startTestApp(db, {
  config: {
    MERCADOPAGO_API_URL: mp.apiUrl,
    MERCADOPAGO_ACCESS_TOKEN: mp.token,
    MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PAYMENT_TIMEOUT_MS: 2_000,
    RATE_LIMIT_PER_IP: 1_000_000,
    // Fuzzed logins fail by the thousand from one address, for the roles' accounts among others.
    RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT: 1_000_000,
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: 1_000_000,
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: 1_000_000,
    LEAD_RATE_LIMIT_PER_IP: 1_000_000,
    // A fuzzer is the script the per-user write limits are there to stop: thousands of writes per role.
    RATE_LIMIT_WRITES_PER_USER: 1_000_000,
    RATE_LIMIT_WRITES_BURST: 1_000_000,
    RATE_LIMIT_WRITES_PER_USER_PER_DAY: 1_000_000,
    // The coach's test sends of a letter are limited like the mails they make: fuzzed by the hundred.
    MAIL_PER_ADDRESS_PER_HOUR: 1_000_000,
    // Deep-why questions go through the queue (a job is written), as with AI configured.
    GEMINI_API_KEY: 'clave',
  },
});
// Other spellings of a path go over a socket, exactly as written (inject resolves dots and backslashes).
await t.app.listen({ host: '127.0.0.1', port: 0 });
const ADDRESS = { host: '127.0.0.1', port: (t.app.server.address() as { port: number }).port };
afterAll(async () => {
  await t?.close();
  await mp?.close();
  await db?.drop();
});
/** Same-origin requests, as the SPA sends them, so they pass the CSRF check and reach the handlers. */
const ORIGIN = new URL(TEST_CONFIG.publicUrl).origin;

// ---------------------------------------------------------------------------------------------------
// Route discovery

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every write route the app serves, from its route tree (so a route hidden from the API docs is fuzzed too). */
function writeRoutes(): string[] {
  return servedApiRoutes(t.app).filter((route) => WRITE_METHODS.has(route.split(' ')[0]!));
}
const ROUTES = writeRoutes();

// ---------------------------------------------------------------------------------------------------
// Who asks

type RoleName = 'guest' | 'learner' | 'premium' | 'coach';
interface Actor {
  userId?: string;
  email?: string;
  cookie?: string;
}
const actors: Record<RoleName, Actor> = { guest: {}, learner: {}, premium: {}, coach: {} };

/** A verified account with a password this file knows (to log in again after a fuzzed logout). */
async function account(roles: number[] = []): Promise<Required<Actor>> {
  const l = await createLearner(t.app, t.store, { roles });
  await db.pool.query('UPDATE password_credentials SET hash = $1 WHERE user_id = $2', [await hashPassword(PASSWORD), l.userId]);
  return { userId: l.userId, email: l.email, cookie: l.cookie };
}

/** The hash of PASSWORD: a fuzzed password change (POST /api/me/password) may have given a role another one. */
const PASSWORD_HASH = await hashPassword(PASSWORD);

async function login(actor: Actor): Promise<void> {
  await db.pool.query('UPDATE password_credentials SET hash = $1 WHERE user_id = $2', [PASSWORD_HASH, actor.userId]);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN }, payload: { email: actor.email, password: PASSWORD } });
  // The learner deleted its account (POST /api/me/delete): the role gets a new one.
  if (
    res.statusCode === 401 &&
    actor === actors.learner &&
    (await count(db.pool, 'SELECT count(*) AS n FROM users WHERE user_id = $1', [actor.userId])) === 0
  ) {
    Object.assign(actor, await account());
    return;
  }
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  actor.cookie = String(res.headers['set-cookie']).split(';')[0]!;
}

/** A buyer whose checkout the webhook can grant (never one of the fuzzing roles, whose rights must not move). */
const buyer = await account();
Object.assign(actors.learner, await account());
Object.assign(actors.coach, await account([ROLES.coach]));
Object.assign(actors.premium, await account([ROLES.premium]));
await login(actors.premium);

/** A second session of the premium learner: ending it is the valid request of POST /api/me/sessions/{id}/end. */
async function spareSession(actor: Actor): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN }, payload: { email: actor.email, password: PASSWORD } });
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const listed = await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } });
  return (listed.json().data as Array<{ id: string; current: boolean }>).find((s) => s.current)!.id;
}
const SPARE_SESSION = await spareSession(actors.premium);
// A lead address without an account, and the token of its forget link (as its welcome mail carries it).
const FORGET_EMAIL = 'olvido-fuzz@example.com';
await t.app.inject({
  method: 'POST',
  url: '/api/leads/add',
  headers: { origin: ORIGIN },
  payload: { email: FORGET_EMAIL, nick: 'Ana', page: 'niveles', section: 'pdf', status: 'downloaded' },
});
const FORGET_TOKEN = await forgetToken(t.store.keyring, await t.store.keyring.subjectId(leadSubject(FORGET_EMAIL)));

// The premium learner gets deep into the course, so its writes reach the rules past the first locks:
// the wheel rated (the seven lowest areas are the deep why's targets), everything completed up to the
// belief threshold, three focus areas chosen, one belief goal saved.
const RATINGS = Object.fromEntries(AREA_IDS.map((id, i) => [id, i % 11]));
const TARGETS = targetAreaIds(RATINGS);
const FOCUS = TARGETS.slice(0, 3);
async function setupPost(actor: Actor, url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<{ data: unknown }> {
  const res = await t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(actor.cookie ? { cookie: actor.cookie } : {}) },
    payload: payload as object,
  });
  if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`setup ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
for (const [areaId, score] of Object.entries(RATINGS))
  await setupPost(actors.premium, '/api/activity/saveRating', { activityId: '12-areas-balance', areaId, score });
for (const activity of ACTIVITIES.slice(
  0,
  ACTIVITIES.findIndex((a) => a.slug === 'umbral-de-creencia'),
)) {
  await setupPost(actors.premium, '/api/activity/markAsComplete', { activityId: activity.slug });
}
await setupPost(actors.premium, '/api/activity/saveWhySelection', { activityId: '7-niveles-deep-why', selectedAreaIds: FOCUS });
for (const activity of ACTIVITIES.slice(0, ACTIVITIES.findIndex((a) => a.slug === '7-niveles-deep-why') + 1)) {
  await setupPost(actors.coach, '/api/activity/markAsComplete', { activityId: activity.slug });
}
const goal = await setupPost(actors.premium, '/api/activity/saveBeliefThreshold', {
  activityId: 'umbral-de-creencia',
  manifestGoal: 'Vivir de lo que amo con calma.',
});
const GOAL_ID = (goal.data as { id: string }).id;
/** Testimonials of the coach's: one to edit, one to remove (the valid example removes it). */
const testimonial = async (n: number) =>
  (
    (await setupPost(actors.coach, '/api/coach/testimonials', { name: `Persona ${n}`, text: `Me ayudó mucho ${n}.`, page: 'coaching', consent: true }))
      .data as { id: string }
  ).id;
const TESTIMONIAL_TO_EDIT = await testimonial(1);
const TESTIMONIAL_TO_REMOVE = await testimonial(2);
/** Letters of the coach's: a draft to edit, one to publish, one published to withdraw (each valid example acts on its own). */
const letter = async (n: number | string, publish = false) => {
  const { id } = (await setupPost(actors.coach, '/api/coach/letters', { title: `Carta ${n}`, slug: `carta-${n}`, series: 'dean', markdown: `Hola ${n}.` }))
    .data as { id: string };
  if (publish) await setupPost(actors.coach, `/api/coach/letters/${id}/publish`, undefined);
  return id;
};
/** A letter with a send scheduled for tomorrow (paused, when asked): what pausing, resuming and cancelling act on. */
const scheduledLetter = async (n: number | string, paused = false) => {
  const id = await letter(`programada-${n}`);
  await setupPost(actors.coach, `/api/coach/letters/${id}/send`, { at: tomorrow() });
  if (paused) await setupPost(actors.coach, `/api/coach/letters/${id}/send/pause`, undefined);
  return id;
};
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const LETTER_TO_SEND = await letter('enviar');
const SEND_TO_PAUSE = await scheduledLetter('pausar');
const SEND_TO_RESUME = await scheduledLetter('reanudar', true);
const SEND_TO_CANCEL = await scheduledLetter('cancelar');
const LETTER_TO_EDIT = await letter('editar');
const LETTER_TO_PUBLISH = await letter('publicar');
const LETTER_TO_UNPUBLISH = await letter('retirar', true);
/** A step 3 of a welcome sequence, written by the coach: the valid example of taking a step out takes it out. */
await setupPost(actors.coach, '/api/coach/sequences/afirmaciones/fragmento/steps/3', { subject: 'Un paso', markdown: 'Hola.', day: 5 }, 'PUT');
/** An account still waiting for its verification mail (resendVerification writes for it). */
const PENDING_EMAIL = `pendiente-${randomUUID().slice(0, 8)}@example.com`;
await setupPost({}, '/api/auth/signup', { username: 'Persona Pendiente', email: PENDING_EMAIL, password: PASSWORD });

// Payments the fake Mercado Pago knows, each made through a checkout of ours: an ebook bought by the premium learner
// (confirm), and a course bought by the buyer (webhook). Products that grant a role are kept away from the fuzzing roles.
const checkoutOf = async (actor: Actor, productId: string) =>
  ((await setupPost(actor, '/api/checkout', { productId })).data as { purchaseId: string }).purchaseId;
const EBOOK_PAYMENT = mp.pay(await checkoutOf(actors.premium, 'afirmaciones-ebook')).id;
const WEBHOOK_PAYMENT = mp.pay(await checkoutOf(buyer, 'manifiesta-curso-completo')).id;
// A payment that reached Mercado Pago outside our checkout, held for the coach to assign (to the buyer).
const HELD_PAYMENT = '5000000003';

/** The coach changes her name: the site settings have a version to go back from (restoring version 0 writes). */
async function renameCoach(): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/coach/settings',
    headers: { origin: ORIGIN, cookie: actors.coach.cookie! },
    payload: { coachName: `Coach ${randomUUID().slice(0, 8)}` },
  });
  if (res.statusCode !== 200) throw new Error(`setup settings: ${res.statusCode} ${res.body}`);
}
await renameCoach();

/** The coach changes a count of places: the catalogue has a version to go back from (restoring version 0 writes). */
async function changeCatalogue(): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/coach/catalogue',
    headers: { origin: ORIGIN, cookie: actors.coach.cookie! },
    payload: { retreatSpots: 1 + Math.floor(Math.random() * 90) },
  });
  if (res.statusCode !== 200) throw new Error(`setup catalogue: ${res.statusCode} ${res.body}`);
}
await changeCatalogue();

/** The coach puts a video in an activity: the placements have a version to go back from (restoring version 0 writes). */
const videoLink = (n: number) => `https://youtu.be/dQw4w9W${String(n % 10_000).padStart(4, '0')}`;
async function changePlacements(): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/coach/placements',
    headers: { origin: ORIGIN, cookie: actors.coach.cookie! },
    payload: { 'video-12-areas-balance': videoLink(Math.floor(Math.random() * 10_000)) },
  });
  if (res.statusCode !== 200) throw new Error(`setup placements: ${res.statusCode} ${res.body}`);
}
await changePlacements();
await t.store.append(
  paymentStreamId(HELD_PAYMENT),
  [PaymentHeld.create({ paymentId: HELD_PAYMENT, provider: 'mercadopago', productId: 'afirmaciones-ebook', amount: 3, currency: 'USD' })],
  { expectedVersion: 0 },
);

// Links of password recovery and of changes of address, each good for one use, for accounts of their own (a reset
// ends every session of its account, a confirmation or an undo moves its address): every valid body takes a new one.
const LINKS_PER_ROUTE = 400;
async function links(purpose: TokenPurpose): Promise<string[]> {
  const owner = await account();
  const tokens: string[] = [];
  for (let i = 0; i < LINKS_PER_ROUTE; i++) {
    const requestId = randomUUID();
    if (purpose !== 'password-reset') await storeEmailChangeRequest(db.pool, { requestId, userId: owner.userId, newEmail: `enlace-${requestId}@example.com` });
    if (purpose === 'email-undo') await markEmailChangeConfirmed(db.pool, requestId, `anterior-${requestId}@example.com`);
    tokens.push(await issueAccountToken(db.pool, purpose, owner.userId, purpose === 'password-reset' ? undefined : requestId));
  }
  return tokens;
}
// The newsletter's confirmation links: one address waiting for its confirmation, and links for it (the first confirms,
// the others find it confirmed and are spent all the same).
const SUBSCRIBER_EMAIL = 'suscripcion-fuzz@example.com';
await t.app.inject({
  method: 'POST',
  url: '/api/leads/add',
  headers: { origin: ORIGIN },
  payload: { email: SUBSCRIBER_EMAIL, nick: 'Ana', page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' },
});
async function confirmationLinks(): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < LINKS_PER_ROUTE; i++) tokens.push(await issueConfirmationToken(db.pool, visitorStreamId(SUBSCRIBER_EMAIL)));
  return tokens;
}
// The unsubscribe links (decision 0019): one waiting subscriber who leaves, and a lead who never subscribed and
// subscribes from the unsubscribe page; one signed token each, as their mails carry it.
const UNSUBSCRIBE_EMAIL = 'baja-fuzz@example.com';
const RESUBSCRIBE_EMAIL = 'vuelta-fuzz@example.com';
for (const [email, source] of [
  [UNSUBSCRIBE_EMAIL, { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' }],
  [RESUBSCRIBE_EMAIL, { page: 'niveles', section: 'pdf', status: 'downloaded' }],
] as const) {
  await t.app.inject({ method: 'POST', url: '/api/leads/add', headers: { origin: ORIGIN }, payload: { email, nick: 'Ana', ...source } });
}
const unsubscribeSecret = await loadUnsubscribeSecret(db.pool);
const UNSUBSCRIBE_TOKEN = unsubscribeToken(unsubscribeSecret, visitorStreamId(UNSUBSCRIBE_EMAIL));
const RESUBSCRIBE_TOKEN = unsubscribeToken(unsubscribeSecret, visitorStreamId(RESUBSCRIBE_EMAIL));
/**
 * The routes that take writes from other sites: the RFC 8058 one-click unsubscribe, which mail providers POST to and
 * which its signed token, not a cookie, authorises. A request from another site is answered as one from ours.
 */
const CROSS_SITE_ROUTES = new Set(['POST /api/newsletter/unsubscribe']);

const LINKS = {
  reset: await links('password-reset'),
  change: await links('email-change'),
  undo: await links('email-undo'),
  subscription: await confirmationLinks(),
};
const nextLink = (kind: keyof typeof LINKS) => {
  const token = LINKS[kind].pop();
  if (!token) throw new Error(`the fuzzer used up its ${kind} links: raise LINKS_PER_ROUTE`);
  return token;
};

// ---------------------------------------------------------------------------------------------------
// One valid request per route: the body, path params and headers a real client would send. Every route
// the app declares must be here; mutations start from these.

interface Ctx {
  role: RoleName;
  actor: Actor;
  n: number;
}
/** An example's body that is a multipart upload (the media library): its bytes and its content type. */
class Upload {
  constructor(
    readonly payload: Buffer,
    readonly contentType: string,
    /** Its form fields as values, for the families that mutate a body. */
    readonly fields: Record<string, string>,
  ) {}
}

/** A form with a name and an image file, as a browser sends it. */
function upload(file: Buffer, label: string): Upload {
  const boundary = `----fuzz${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="label"\r\n\r\n${label}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="retrato.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Upload(payload, `multipart/form-data; boundary=${boundary}`, { label });
}

/** What inject sends for a body: JSON, or an upload with its own content type. */
const sent = (body: unknown, headers: Record<string, string>) =>
  body === undefined
    ? { headers }
    : body instanceof Upload
      ? { headers: { ...headers, 'content-type': body.contentType }, payload: body.payload }
      : { headers, payload: body as object };

/** Small images that differ from one another (each upload of the examples its own picture). */
const IMAGES = await Promise.all(
  Array.from({ length: 8 }, (_, i) =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i * 30, g: 120, b: 90 } } })
      .png()
      .toBuffer(),
  ),
);

/** A file of the coach's library, uploaded for a deletion to take away (its own picture). */
async function mediaToDelete(n: number): Promise<string> {
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: n % 256, b: Math.floor(n / 256) % 256 } } })
    .png()
    .toBuffer();
  const body = upload(image, `Para borrar ${n}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coach/media',
    headers: { origin: ORIGIN, cookie: actors.coach.cookie!, 'content-type': body.contentType },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`setup media: ${res.statusCode} ${res.body}`);
  return (res.json().data as { id: string }).id;
}
const MEDIA_TO_DELETE = await mediaToDelete(0);

/** Two files of the library: deleting one, then the other under the same key. */
async function deleteMediaReuse({ n }: Ctx): Promise<KeyReuse> {
  return { first: undefined, other: undefined, params: { first: { id: await mediaToDelete(n) }, other: { id: await mediaToDelete(n + 1) } } };
}

interface Example {
  body?: (ctx: Ctx) => unknown;
  params?: (ctx: Ctx) => Record<string, string>;
  query?: string;
  /** Extra headers computed from the final request (the webhook's signature). */
  sign?: (req: { url: string; body: unknown }) => Record<string, string>;
  /** The role whose valid request succeeds (2xx): proves the example is really valid. */
  ok: RoleName;
  roles?: RoleName[];
  /**
   * How the route treats an Idempotency-Key. A route that writes under it: 'by-n' when the example's bodies
   * for two values of n are two different requests that each write, or a function giving two such bodies
   * (and whom to send them as, when not the `ok` role). A route that does not: why the key plays no part.
   */
  key: 'by-n' | ((ctx: Ctx) => Promise<KeyReuse>) | { ignored: string };
}
interface KeyReuse {
  first: unknown;
  other: unknown;
  actor?: Actor;
  /** The path's parameters of the first request (and its retry) and of the other, when they differ. */
  params?: { first: Record<string, string>; other: Record<string, string> };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
const ACTIVITY_ROLES: RoleName[] = ['guest', 'learner', 'premium'];

function webhookSignature({ url, body }: { url: string; body: unknown }): Record<string, string> {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const fromBody = (body as { data?: { id?: unknown } } | null)?.data?.id;
  const dataId = query.get('data.id') ?? (typeof fromBody === 'string' || typeof fromBody === 'number' ? String(fromBody) : undefined);
  const requestId = randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  return { 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${signWebhook(WEBHOOK_SECRET, { dataId, requestId, ts })}` };
}

/** The threshold completed, the activity after it is open to the premium learner: completing it records something. */
async function completeReuse(): Promise<KeyReuse> {
  await setupPost(actors.premium, '/api/activity/markAsComplete', { activityId: 'umbral-de-creencia' });
  const next = ACTIVITIES[ACTIVITIES.findIndex((a) => a.slug === 'umbral-de-creencia') + 1]!.slug;
  return { first: { activityId: next }, other: { activityId: 'umbral-de-creencia' } };
}

/** The area at 5 first, so that rating it 0 records something and leaves it as the setup had it (the deep why's targets stay). */
async function ratingReuse(): Promise<KeyReuse> {
  const rate = (score: number) => ({ activityId: '12-areas-balance', areaId: AREA_IDS[11], score });
  await setupPost(actors.premium, '/api/activity/saveRating', rate(5));
  return { first: rate(0), other: rate(1) };
}

/** A learner of their own who finished the deep why: restarting it records something. */
async function restartReuse(): Promise<KeyReuse> {
  const actor = await account();
  for (const activity of ACTIVITIES.slice(0, ACTIVITIES.findIndex((a) => a.slug === '7-niveles-deep-why') + 1)) {
    await setupPost(actor, '/api/activity/markAsComplete', { activityId: activity.slug });
  }
  return { actor, first: { activityId: '7-niveles-deep-why' }, other: { activityId: '1-4' } };
}

/** Two testimonials of the coach's: removing one, then the other under the same key. */
async function removeTestimonialReuse({ n }: Ctx): Promise<KeyReuse> {
  return { first: undefined, other: undefined, params: { first: { id: await testimonial(n) }, other: { id: await testimonial(n + 1) } } };
}

/** Two letters of the coach's (published, to withdraw): acting on one, then on the other under the same key. */
function letterReuse(published: boolean) {
  return async ({ n }: Ctx): Promise<KeyReuse> => ({
    first: undefined,
    other: undefined,
    params: { first: { id: await letter(`reuso-${n}`, published) }, other: { id: await letter(`reuso-${n + 1}`, published) } },
  });
}

/** Two letters' sends (scheduled, or paused): acting on one, then on the other under the same key. */
function sendReuse(paused: boolean) {
  return async ({ n }: Ctx): Promise<KeyReuse> => ({
    first: undefined,
    other: undefined,
    params: { first: { id: await scheduledLetter(`reuso-${n}`, paused) }, other: { id: await scheduledLetter(`reuso-${n + 1}`, paused) } },
  });
}

/** Two goals of the premium learner: deleting one, then the other under the same key. */
async function deleteReuse({ n }: Ctx): Promise<KeyReuse> {
  const body = EXAMPLES['POST /api/activity/saveBeliefThreshold']!.body!;
  const goal = async (m: number) =>
    ((await setupPost(actors.premium, '/api/activity/saveBeliefThreshold', body({ role: 'premium', actor: actors.premium, n: m }))).data as { id: string }).id;
  return { first: { id: await goal(n) }, other: { id: await goal(n + 1) } };
}

const EXAMPLES: Record<string, Example> = {
  'POST /api/auth/signup': {
    ok: 'guest',
    body: () => ({ username: 'Persona Nueva', email: `fuzz-${unique()}@example.com`, password: 'una-clave-larga-1' }),
    key: 'by-n',
  },
  'POST /api/auth/login': {
    ok: 'guest',
    body: ({ actor }) => ({ email: actor.email ?? buyer.email, password: PASSWORD }),
    key: { ignored: 'a new session each time; nothing in the log' },
  },
  'POST /api/auth/logout': { ok: 'learner', key: { ignored: 'ends the session it is called with; nothing in the log' } },
  'POST /api/me/delete': {
    ok: 'learner',
    body: () => ({ password: PASSWORD }),
    key: { ignored: 'the account and its session are gone after the first: a retry is a 401' },
  },
  'POST /api/auth/refreshToken': { ok: 'learner', key: { ignored: 'replaces the session it is called with; nothing in the log' } },
  'POST /api/me/name': {
    ok: 'learner',
    // A name is letters: n spelled with a to j.
    body: ({ n }) => ({ name: `Ana ${String(n).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}` }),
    key: 'by-n',
  },
  'POST /api/me/password': {
    ok: 'learner',
    body: () => ({ currentPassword: PASSWORD, newPassword: PASSWORD }),
    key: { ignored: 'no digest of a password goes into the log: a retry is a new change' },
  },
  // The premium learner's spare session; fuzzed as a guest and as the learner, to whom that id is unknown (404).
  'POST /api/me/sessions/{id}/end': {
    ok: 'premium',
    params: () => ({ id: SPARE_SESSION }),
    key: { ignored: 'ends a session, nothing in the log; a second time there is nothing to end (404)' },
  },
  'POST /api/auth/resendVerification': { ok: 'guest', body: () => ({ email: PENDING_EMAIL }), key: { ignored: 'each call is a new link by design' } },
  'POST /api/auth/forgotPassword': { ok: 'guest', body: () => ({ email: buyer.email }), key: { ignored: 'each call is a new link by design' } },
  'POST /api/auth/resetPassword': {
    ok: 'guest',
    body: () => ({ token: nextLink('reset'), password: 'una-clave-nueva-larga' }),
    key: { ignored: 'a link works once, whatever the key' },
  },
  'POST /api/auth/confirmEmailChange': { ok: 'guest', body: () => ({ token: nextLink('change') }), key: { ignored: 'a link works once, whatever the key' } },
  'POST /api/auth/undoEmailChange': { ok: 'guest', body: () => ({ token: nextLink('undo') }), key: { ignored: 'a link works once, whatever the key' } },
  'POST /api/me/email': {
    ok: 'learner',
    body: () => ({ newEmail: `cambio-${unique()}@example.com`, password: PASSWORD }),
    key: { ignored: 'each request is a new change, with its own link, by design' },
  },
  'POST /api/leads/add': {
    ok: 'guest',
    body: () => ({ email: `lead-${unique()}@example.com`, nick: 'Ana', page: 'niveles', section: 'pdf', status: 'downloaded' }),
    key: 'by-n',
  },
  'POST /api/leads/forget': {
    ok: 'guest',
    body: () => ({ token: FORGET_TOKEN }),
    key: { ignored: 'forgetting an address twice is forgetting it once: the second answers the same and writes nothing new' },
  },
  'POST /api/newsletter/confirm': {
    ok: 'guest',
    body: () => ({ token: nextLink('subscription') }),
    key: { ignored: 'a link works once, whatever the key' },
  },
  'POST /api/newsletter/unsubscribe': {
    ok: 'guest',
    body: () => ({ token: UNSUBSCRIBE_TOKEN }),
    key: { ignored: 'unsubscribing twice is unsubscribing once: the second answers 200 and writes nothing' },
  },
  'POST /api/newsletter/resubscribe': {
    ok: 'guest',
    body: () => ({ token: RESUBSCRIBE_TOKEN }),
    key: { ignored: 'resubscribing twice is resubscribing once: the second answers 200 and writes nothing' },
  },
  'POST /api/leads/view': {
    ok: 'guest',
    body: () => ({ page: 'menu', section: 'hero' }),
    key: async () => ({ first: { page: 'menu', section: 'hero' }, other: { page: 'menu', section: 'pie' } }),
  },
  'POST /api/reprograma/clarification-call': {
    ok: 'guest',
    body: () => ({ name: 'Ana', email: 'ana@example.com', whatsapp: '+54 11 5555-1234', message: 'Quiero saber más.' }),
    key: async () => ({ first: { name: 'Ana', email: 'ana@example.com' }, other: { name: 'Ana', email: 'otra@example.com' } }),
  },
  'POST /api/manifiesta/clarification-call': {
    ok: 'guest',
    body: () => ({ name: 'Ana', email: 'ana@example.com', message: 'Hola' }),
    key: async () => ({ first: { name: 'Ana', email: 'ana@example.com' }, other: { name: 'Ana', whatsapp: '+54 11 5555-1234' } }),
  },
  'POST /api/activity/markAsComplete': { ok: 'premium', roles: ACTIVITY_ROLES, body: () => ({ activityId: 'umbral-de-creencia' }), key: completeReuse },
  'POST /api/activity/syncGuestProgress': {
    ok: 'premium',
    roles: ACTIVITY_ROLES,
    body: () => ({ completedSlugs: ['12-areas-balance'], activityData: { '12-areas-balance': { ratings: { [AREA_IDS[0]]: 4 } } } }),
    key: { ignored: 'its event ids come from the guest data itself: the same data is written once under any key' },
  },
  'POST /api/activity/saveReflection': {
    ok: 'premium',
    roles: ACTIVITY_ROLES,
    body: ({ n }) => ({ activityId: 'niveles-conciencia-hawkins', text: `Me di cuenta de algo ${n}.` }),
    key: 'by-n',
  },
  'POST /api/activity/saveRating': {
    ok: 'premium',
    roles: ACTIVITY_ROLES,
    body: ({ n }) => ({ activityId: '12-areas-balance', areaId: AREA_IDS[11], score: (n % 10) + 1 }),
    key: ratingReuse,
  },
  'POST /api/activity/saveAreaDefinition': {
    ok: 'premium',
    roles: ACTIVITY_ROLES,
    body: ({ n }) => ({ activityId: 'concientizando-areas-balance', areaId: AREA_IDS[0], definition: `Creo que el dinero se escapa ${n}.` }),
    key: 'by-n',
  },
  'POST /api/activity/saveWhySelection': {
    ok: 'premium',
    roles: ACTIVITY_ROLES,
    body: () => ({ activityId: '7-niveles-deep-why', selectedAreaIds: TARGETS.slice(1, 4) }),
    // Both keep TARGETS[1], where saveWhyAnswer's example answers.
    key: async () => ({
      first: { activityId: '7-niveles-deep-why', selectedAreaIds: [TARGETS[1], TARGETS[2], TARGETS[4]] },
      other: { activityId: '7-niveles-deep-why', selectedAreaIds: TARGETS.slice(1, 4) },
    }),
  },
  'POST /api/activity/saveWhyAnswer': {
    ok: 'premium',
    roles: ACTIVITY_ROLES,
    body: ({ n }) => ({ activityId: '7-niveles-deep-why', areaId: TARGETS[1], levelIndex: n % 7, answer: `Porque quiero libertad ${n}.` }),
    key: 'by-n',
  },
  // The coach's own deep why (completed in the setup): restarting the premium learner's would clear the
  // areas that saveWhyAnswer's example answers in.
  'POST /api/activity/restartDeepWhy': {
    ok: 'coach',
    roles: ['guest', 'learner', 'coach'],
    body: () => ({ activityId: '7-niveles-deep-why' }),
    key: restartReuse,
  },
  'POST /api/activity/deepWhy/question': {
    ok: 'guest',
    roles: ACTIVITY_ROLES,
    body: () => ({ areaId: FOCUS[0], levelIndex: 1, previousAnswer: 'Porque sí.', currentText: 'Hoy', futureText: 'Mañana' }),
    key: { ignored: 'asks for a question, recorded under its own id; a repeat is a new question' },
  },
  'POST /api/activity/saveBeliefThreshold': {
    ok: 'premium',
    roles: ACTIVITY_ROLES,
    body: ({ n }) => ({
      activityId: 'umbral-de-creencia',
      manifestGoal: `Vivir de lo que amo, versión ${n}.`,
      hesitations: [{ timeFrame: TIME_FRAMES[0], belief: 'No sé si puedo.' }],
      currentTimeIndex: 1,
      perfectTimeFrameLabel: TIME_FRAMES[2]!.label,
      perfectTimeFrameYears: TIME_FRAMES[2]!.years,
    }),
    key: 'by-n',
  },
  // The first delete removes the goal (2xx); later ones answer 404: both are the handler's answers.
  'POST /api/activity/deleteBeliefThresholdGoal': { ok: 'premium', roles: ACTIVITY_ROLES, body: () => ({ id: GOAL_ID }), key: deleteReuse },
  'POST /api/activity/saveRevelation': {
    ok: 'premium',
    roles: ACTIVITY_ROLES,
    body: ({ n }) => ({ revelation: `Sentí paz ${n}.`, totalTimeMeditated: 600 }),
    key: 'by-n',
  },
  'POST /api/meditation/sessions': {
    ok: 'premium',
    roles: ACTIVITY_ROLES,
    body: () => ({ seconds: 900, activePhases: ['presence', 'gratitude'], outcome: 'completed', timeZone: 'America/Argentina/Buenos_Aires' }),
    key: async () => ({
      first: { seconds: 900, activePhases: ['presence'], outcome: 'completed' },
      other: { seconds: 901, activePhases: ['presence'], outcome: 'completed' },
    }),
  },
  'POST /api/coach/learners/{id}/notes': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: actors.learner.userId! }),
    body: ({ n }) => ({ text: `Va muy bien, nota ${n}.` }),
    key: 'by-n',
  },
  'POST /api/coach/testimonials': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: ({ n }) => ({ name: `Lucía ${n}`, text: `Salí con más claridad ${n}.`, page: 'coaching', consent: true }),
    key: 'by-n',
  },
  'PATCH /api/coach/testimonials/{id}': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: TESTIMONIAL_TO_EDIT }),
    body: ({ n }) => ({ text: `Me ayudó a ordenarme ${n}.` }),
    key: 'by-n',
  },
  'POST /api/coach/testimonials/{id}/remove': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: TESTIMONIAL_TO_REMOVE }),
    key: removeTestimonialReuse,
  },
  'POST /api/coach/letters': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: ({ n }) => ({ title: `Una carta ${n}`, slug: `una-carta-${n}`, series: 'meta', markdown: `Querida lectora: ${n}.` }),
    key: 'by-n',
  },
  'PATCH /api/coach/letters/{id}': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: LETTER_TO_EDIT }),
    body: ({ n }) => ({ title: `Otro título ${n}`, markdown: `Otro texto ${n}.` }),
    key: 'by-n',
  },
  'POST /api/coach/letters/{id}/publish': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: LETTER_TO_PUBLISH }),
    key: letterReuse(false),
  },
  'POST /api/coach/letters/{id}/unpublish': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: LETTER_TO_UNPUBLISH }),
    key: letterReuse(true),
  },
  'POST /api/coach/letters/{id}/send': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: LETTER_TO_SEND }),
    body: () => ({ at: tomorrow() }),
    key: async ({ n }) => ({
      first: { at: tomorrow() },
      other: { at: tomorrow() },
      params: { first: { id: await letter(`envio-${n}`) }, other: { id: await letter(`envio-${n + 1}`) } },
    }),
  },
  'POST /api/coach/letters/{id}/send/pause': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: SEND_TO_PAUSE }),
    key: sendReuse(false),
  },
  'POST /api/coach/letters/{id}/send/resume': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: SEND_TO_RESUME }),
    key: sendReuse(true),
  },
  'POST /api/coach/letters/{id}/send/cancel': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: SEND_TO_CANCEL }),
    key: sendReuse(false),
  },
  'POST /api/coach/letters/preview': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: ({ n }) => ({ title: `Vista ${n}`, slug: `vista-${n}`, series: 'dean', markdown: `**Hola** ${n}.` }),
    key: { ignored: 'renders what it is sent and records nothing' },
  },
  'POST /api/coach/letters/{id}/test': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: LETTER_TO_EDIT }),
    key: { ignored: 'each request is one more test mail to the coach herself (a job, no event); limited per hour' },
  },
  'PUT /api/coach/sequences/{page}/{section}/steps/{step}': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ page: 'nostalgia', section: 'fragmento', step: '2' }),
    body: ({ n }) => ({ subject: `Una práctica ${n}`, markdown: `Querida lectora: ${n}.`, day: 2 + (n % 20) }),
    key: 'by-n',
  },
  'DELETE /api/coach/sequences/{page}/{section}/steps/{step}': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ page: 'afirmaciones', section: 'fragmento', step: '3' }),
    key: { ignored: 'taking out a step twice is taking it out once: the second answers 200 and writes nothing' },
  },
  'POST /api/coach/sequences/preview': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: ({ n }) => ({ subject: `Vista ${n}`, markdown: `**Hola** ${n}.` }),
    key: { ignored: 'renders what it is sent and records nothing' },
  },
  'POST /api/coach/sequences/{page}/{section}/steps/{step}/test': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ page: 'nostalgia', section: 'fragmento', step: '1' }),
    key: { ignored: 'each request is one more test mail to the coach herself (a job, no event); limited per hour' },
  },
  'PATCH /api/coach/settings': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: ({ n }) => ({
      coachName: `Coach de prueba ${n}`,
      whatsappNumber: `+54 9 11 ${String(10_000_000 + n).slice(-8)}`,
      bookUrl: `https://example.com/libro/${n}`,
    }),
    key: 'by-n',
  },
  'POST /api/coach/settings/restore': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: () => ({ version: 0 }),
    key: async () => {
      await renameCoach();
      return { first: { version: 0 }, other: { version: 1 } };
    },
  },
  'POST /api/coach/media': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: ({ n }) => upload(IMAGES[n % IMAGES.length]!, `Retrato ${n}`),
    key: 'by-n',
  },
  'DELETE /api/coach/media/{id}': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ id: MEDIA_TO_DELETE }),
    key: deleteMediaReuse,
  },
  'PATCH /api/coach/catalogue': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: ({ n }) => ({ retreatSpots: 100 + (n % 1000) }),
    key: 'by-n',
  },
  'POST /api/coach/catalogue/restore': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: () => ({ version: 0 }),
    key: async () => {
      await changeCatalogue();
      return { first: { version: 0 }, other: { version: 1 } };
    },
  },
  'PATCH /api/coach/placements': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: ({ n }) => ({ 'video-7-niveles-deep-why': videoLink(n) }),
    key: 'by-n',
  },
  'POST /api/coach/placements/restore': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    body: () => ({ version: 0 }),
    key: async () => {
      await changePlacements();
      return { first: { version: 0 }, other: { version: 1 } };
    },
  },
  'POST /api/checkout': {
    ok: 'premium',
    roles: ['guest', 'learner', 'premium'],
    body: () => ({ productId: 'afirmaciones-ebook', email: 'comprador@example.com' }),
    key: { ignored: 'each checkout is a purchase of its own, with a fresh id; an abandoned one costs nothing and grants nothing' },
  },
  'POST /api/coach/sales/{paymentId}/assign': {
    ok: 'coach',
    roles: ['guest', 'learner', 'premium', 'coach'],
    params: () => ({ paymentId: HELD_PAYMENT }),
    body: () => ({ email: buyer.email }),
    key: { ignored: 'its event ids come from the payment: a payment is assigned once, whatever the key (again, a 409)' },
  },
  'POST /api/payment/confirm': {
    ok: 'premium',
    roles: ['guest', 'learner', 'premium'],
    body: () => ({ productId: 'afirmaciones-ebook', paymentId: String(EBOOK_PAYMENT) }),
    key: { ignored: 'one payment grants once, whatever the key: its event ids come from the payment' },
  },
  'POST /api/payment/webhook': {
    ok: 'guest',
    query: `data.id=${WEBHOOK_PAYMENT}&type=payment`,
    body: () => ({ action: 'payment.updated', api_version: 'v1', data: { id: String(WEBHOOK_PAYMENT) }, type: 'payment', live_mode: false }),
    sign: webhookSignature,
    key: { ignored: "Mercado Pago's notifications carry no key; their event ids come from the payment" },
  },
};

function exampleFor(route: string): Example {
  const example = EXAMPLES[route];
  // Loud: a route nobody taught this file to build a body for is a failure, never a skip.
  if (!example) throw new Error(`No valid example for ${route}: add one to EXAMPLES in server/security/fuzz.int.test.ts`);
  return example;
}

// ---------------------------------------------------------------------------------------------------
// Sending one request and checking the properties

/** A JSON fragment written verbatim into the body text (numbers like -0 or 1e309 that JSON.stringify can't write). */
class Raw {
  constructor(readonly text: string) {}
}

function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof Raw ? `\u0001RAW${raws.push(v.text) - 1}\u0001` : v));
  return (text ?? 'null').replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

interface Attempt {
  /** The body as JSON text, raw bytes, or nothing at all. */
  payload?: string | Buffer;
  /** Content-Type header; null sends none. */
  contentType?: string | null;
  /** Path params (replacing the example's) and path suffix. */
  params?: Record<string, string>;
  pathSuffix?: string;
  /** Raw query string (without '?'), replacing the example's. */
  query?: string;
  /** The body as a value, for the webhook's signature. */
  bodyValue?: unknown;
  /** Another spelling of the path (an index into pathSpellings), sent as written over a socket. */
  spelling?: number;
  /** Headers a browser adds when a page on another site sends the request. */
  foreign?: Record<string, string>;
}

const PROJECTION_TABLES = [...new Set(projections.flatMap((p) => p.tables))];
// Tables a handler writes inside the append transaction besides projections (signup, resend, the recovery links).
const TRANSACTION_TABLES = ['streams', 'password_credentials', 'email_verification_tokens', 'account_tokens', 'email_change_requests', 'media_blobs'];

/** Everything a refused request must leave alone, as one row of counts and checksums. */
async function snapshot(): Promise<Record<string, string>> {
  const parts = [...PROJECTION_TABLES, ...TRANSACTION_TABLES].map(
    (table) => `SELECT '${table}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS sum FROM ${table} x`,
  );
  parts.push(`SELECT 'events', count(*)::text FROM events`, `SELECT 'jobs', count(*)::text FROM pgboss.job`);
  const { rows } = await db.pool.query<{ name: string; sum: string }>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

const ENGLISH = /\b(the|must|should|expected|required|invalid|unexpected|body|request|property|not found|unsupported|too large|is not)\b/i;
// A heuristic, not a translator: a Spanish accent or common word, or a Spanish participle (desconocida).
const SPANISH =
  /[áéíóúñ¿¡«]|\b(el|la|los|las|de|del|que|tu|tus|un|una|no|es|por|para|con|debe|campo|datos|solo|esa|ese|esta|este|ruta)\b|\w(ción|ido|ida|ado|ada)\b/i;

function describeAttempt(route: string, role: RoleName, url: string, a: Attempt): string {
  const payload = a.payload === undefined ? '(none)' : typeof a.payload === 'string' ? a.payload.slice(0, 300) : `<${a.payload.length} bytes>`;
  return `${role} ${route.split(' ')[0]} ${url.slice(0, 300)} content-type=${a.contentType ?? '(none)'} body=${payload}`;
}

let last: Record<string, string> | undefined;
let requestNumber = 0;

async function fire(route: string, role: RoleName, attempt: Attempt): Promise<void> {
  const example = exampleFor(route);
  const [method, template] = route.split(' ') as [string, string];
  const params = attempt.params ?? example.params?.({ role, actor: actors[role], n: requestNumber }) ?? {};
  let url = template.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? name) + (attempt.pathSuffix ?? '');
  const query = attempt.query ?? example.query;
  if (query !== undefined) url += `?${query}`;
  const actor = actors[role];
  const headers: Record<string, string> = { origin: ORIGIN, 'idempotency-key': `fuzz-${randomUUID()}` };
  if (actor.cookie) headers.cookie = actor.cookie;
  if (attempt.contentType) headers['content-type'] = attempt.contentType;
  if (example.sign) Object.assign(headers, example.sign({ url, body: attempt.bodyValue }));
  if (attempt.foreign) {
    delete headers.origin;
    Object.assign(headers, attempt.foreign);
  }
  if (attempt.spelling !== undefined) {
    const spellings = pathSpellings(url);
    url = spellings[attempt.spelling % spellings.length]!.url;
  }

  last ??= await snapshot();
  const before = last;
  const res =
    attempt.spelling === undefined
      ? await t.app.inject({ method: method as 'POST', url, headers, ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}) })
      : await sendRaw(ADDRESS, { method, url, headers, ...(attempt.payload !== undefined ? { body: attempt.payload.toString() } : {}) }).then((r) => ({
          ...r,
          json: () => JSON.parse(r.body) as unknown,
        }));
  requestNumber++;
  const what = `${describeAttempt(route, role, url, attempt)} → ${res.statusCode} ${res.body.slice(0, 300)}`;

  // A session the request ended or replaced (logout, login, refresh) is given back to the role.
  if (actor.cookie && String(res.headers['set-cookie'] ?? '').includes('mf_session=')) await login(actor);

  expect(res.statusCode, `5xx: ${what}`).toBeLessThan(500);
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  if (res.statusCode >= 400) {
    let body: unknown;
    expect(() => (body = res.json()), `not JSON: ${what}`).not.toThrow();
    expect(Object.keys(body as object).sort(), `envelope: ${what}`).toEqual(['data', 'message', 'success']);
    const { success, message, data } = body as { success: unknown; message: unknown; data: unknown };
    expect(success, what).toBe(false);
    expect(data, what).toBeNull();
    expect(typeof message === 'string' && message.trim().length > 0, `empty message: ${what}`).toBe(true);
    // Field names and echoed input («areaId», "Campo no permitido: x", "(slug)") are not prose.
    const prose = (message as string)
      .replace(/«[^»]*»/g, '')
      .replace(/\([^)]*\)/g, '')
      .replace(/^(Campos? no permitidos?):.*$/s, '$1.');
    expect(prose, `not Spanish: ${what}`).toMatch(SPANISH);
    expect(prose, `English: ${what}`).not.toMatch(ENGLISH);
  } else if (ok) {
    expect((res.json() as { success: unknown }).success, what).toBe(true);
  }
  if (attempt.foreign && !CROSS_SITE_ROUTES.has(route)) {
    expect(res.statusCode, `from another site: ${what}`).toBe(403);
    expect((res.json() as { message: unknown }).message, what).toBe(CROSS_SITE_MESSAGE);
  }
  const after = await snapshot();
  if (!ok) expect(after, `wrote on ${res.statusCode}: ${what}`).toEqual(before);
  last = after;
  expect(Object.prototype, `prototype polluted: ${what}`).not.toHaveProperty('polluted');
  expect(({} as Record<string, unknown>).isAdmin, `prototype polluted: ${what}`).toBeUndefined();
}

// ---------------------------------------------------------------------------------------------------
// Generators

const NASTY_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  '\u00a0\u2003',
  '\u0000',
  'ana\u0000@example.com',
  '\ud800',
  'a\udfffb',
  '\ud83d',
  '😀'.repeat(500),
  '\u202eevil',
  'e\u0301',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  "' OR '1'='1' --",
  '"; DROP TABLE events; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'a'.repeat(101),
  'a'.repeat(5_001),
  'ñ'.repeat(20_001),
  'a'.repeat(300_000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
const RAW_NUMBERS = [
  '-0',
  '0',
  '-1',
  '1e308',
  '-1e308',
  '1e309',
  '1e-400',
  '1.5',
  '0.5',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '1E2',
  '10.0',
];

const deepNesting = fc
  .integer({ min: 20, max: 20_000 })
  .chain((depth) => fc.constantFrom(`${'['.repeat(depth)}${']'.repeat(depth)}`, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));
const nastyString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 30 }));
const rawNumber = fc.constantFrom(...RAW_NUMBERS).map((n) => new Raw(n));
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  rawNumber,
  nastyString,
  deepNesting.map((text) => new Raw(text)),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
);

/** (1) Arbitrary JSON documents. */
const arbitraryJson: fc.Arbitrary<Attempt> = fc
  .oneof(
    fc.jsonValue({ maxDepth: 6 }).map((v) => toJsonText(v)),
    anyValue.map((v) => toJsonText(v)),
    fc.constantFrom(
      ...RAW_NUMBERS,
      '"\\u0000"',
      '"\\ud800"',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '[]',
      '{}',
      'null',
      '""',
    ),
    deepNesting,
    fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a', ''), anyValue, { maxKeys: 4 }).map((v) => toJsonText(v)),
  )
  .map((payload) => ({ payload, contentType: 'application/json' }));

type Path = Array<string | number>;
function pathsOf(value: unknown, prefix: Path = [], depth = 0): Path[] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k], depth + 1)]);
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const pollution = fc.constantFrom<unknown>({ polluted: true }, { isAdmin: true, roles: [9] }, { prototype: { polluted: true } }, null, 'polluted');

type Mutation =
  | { op: 'identity' }
  | { op: 'taint'; target: number; fragment: string; at: number }
  | { op: 'replace' | 'delete'; target: number; value: unknown }
  | { op: 'extra'; target: number; key: string; value: unknown }
  | { op: 'root'; value: unknown };

function mutate(body: unknown, m: Mutation): unknown {
  if (m.op === 'identity') return body;
  if (m.op === 'root') return m.value;
  const copy = structuredClone(body ?? {}) as Record<string | number, unknown>;
  if (m.op === 'taint') {
    // Hostile characters inside a string that otherwise passes validation: what reaches the database.
    const strings = pathsOf(copy).filter((p) => typeof p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], copy) === 'string');
    if (strings.length === 0) return copy;
    const path = strings[m.target % strings.length]!;
    const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((o, k) => o[k] as Record<string | number, unknown>, copy);
    const key = path.at(-1)!;
    const text = parent[key] as string;
    const at = m.at % (text.length + 1);
    parent[key] = text.slice(0, at) + m.fragment + text.slice(at);
    return copy;
  }
  const paths: Path[] = [[], ...pathsOf(copy)];
  const path = paths[m.target % paths.length]!;
  if (path.length === 0) {
    if (m.op === 'extra') Object.defineProperty(copy, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
    return m.op === 'extra' ? copy : m.op === 'delete' ? {} : m.value;
  }
  const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((o, k) => o[k] as Record<string | number, unknown>, copy);
  const key = path.at(-1)!;
  if (m.op === 'replace') parent[key] = m.value;
  else if (m.op === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (m.op === 'extra') {
    const holder = parent[key] !== null && typeof parent[key] === 'object' ? (parent[key] as object) : parent;
    Object.defineProperty(holder, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
  }
  return copy;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Mutation>({ op: 'identity' }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('taint' as const),
      target: fc.nat(),
      at: fc.nat(),
      fragment: fc.oneof(
        fc.constantFrom(
          '\u0000',
          '\ud800',
          '\udfff',
          '\u202e',
          '\ufeff',
          '\u200b',
          '😀',
          'e\u0301',
          '\r\n',
          "'",
          '"',
          '\\',
          '%00',
          '${x}',
          '<b>',
          'ñ'.repeat(3000),
        ),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
      ),
    }),
  },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('replace' as const), target: fc.nat(), value: anyValue }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), target: fc.nat(), value: fc.constant(null) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('extra' as const),
      target: fc.nat(),
      key: fc.oneof(fc.constantFrom(...PROTO_KEYS, 'roles', 'userId', 'isAdmin', ''), fc.string({ maxLength: 12 })),
      value: fc.oneof(pollution, anyValue),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('root' as const), value: anyValue }) },
);

/** (2) A valid body with one field wrong, missing, or an unknown or prototype-polluting field added. */
const mutatedBody = (route: string, role: RoleName): fc.Arbitrary<Attempt> =>
  mutation.map((m) => {
    const example = exampleFor(route).body?.({ role, actor: actors[role], n: requestNumber });
    // An upload's fields are mutated and sent as JSON: the route must refuse that as it refuses any non-upload.
    const value = mutate(example instanceof Upload ? example.fields : example, m);
    return value === undefined ? {} : { payload: toJsonText(value), contentType: 'application/json', bodyValue: value };
  });

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/jsonx',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'application/octet-stream',
  'image/png',
  ';;;',
  '*/*',
];

/** (3) Raw bytes, and valid JSON under the wrong content type (or none). */
const rawBytes = (route: string, role: RoleName): fc.Arbitrary<Attempt> =>
  fc.record({
    payload: fc.oneof(
      fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)),
      fc.constantFrom('', ' ', '{', '{"a":', '\u0000', '\ufeff{}', 'a=1&b=2', '<xml/>', '------fuzz--').map((s) => s),
      fc.constant(null).map(() => toJsonText(exampleFor(route).body?.({ role, actor: actors[role], n: requestNumber }) ?? {})),
      fc.constant(null).map(() => Buffer.from(toJsonText(exampleFor(route).body?.({ role, actor: actors[role], n: requestNumber }) ?? {}), 'utf16le')),
    ),
    contentType: fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.constant(null)),
  });

const HOSTILE_IDS = [
  '..',
  '../../etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2f',
  'not-a-uuid',
  '1',
  '-1',
  '0',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '%00',
  '%E0%A4%A',
  "'%20OR%201=1--",
  'a'.repeat(5_000),
  '%F0%9F%98%80',
];
const queryKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    '__proto__[polluted]',
    'constructor[prototype][polluted]',
    'constructor.prototype.polluted',
    'data.id',
    'type',
    'activityId',
    'id',
    '_',
    'a[]',
    '',
    '%00',
    '%',
  ),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);
const queryValue = fc.oneof(
  fc.constantFrom(...HOSTILE_IDS, 'payment', 'true', '1'.repeat(25), '%', '%%', '%ZZ', '&&&', '==', '?'),
  nastyString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
);

/** (4) Hostile query strings, path params and path suffixes around a valid body. */
const hostileUrl = (route: string, role: RoleName): fc.Arbitrary<Attempt> => {
  const names = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return fc
    .record({
      query: fc.oneof(
        fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
        fc.constantFrom('', '&', '=', '?', 'a'.repeat(20_000), '__proto__=x&__proto__=y', 'data.id=1&data.id=2&type=payment'),
      ),
      params: names.length
        ? fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(fc.constantFrom(...HOSTILE_IDS), fc.uuid())])))
        : fc.constant(undefined),
      pathSuffix: fc.oneof(
        { weight: 4, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom('/', '//', '/..', '/%2e%2e', '%00', '/x', '.json', ';jsessionid=1') },
      ),
      payload: fc.constant(null).map(() => {
        const body = exampleFor(route).body?.({ role, actor: actors[role], n: requestNumber });
        return body === undefined ? undefined : toJsonText(body);
      }),
    })
    .map(({ payload, params, ...rest }) => ({
      ...rest,
      ...(params ? { params: params as Record<string, string> } : {}),
      ...(payload !== undefined ? { payload, contentType: 'application/json', bodyValue: JSON.parse(payload) as unknown } : {}),
    }));
};

/** What browsers send with a request that a page on another site makes: each alone is enough to refuse it. */
const FOREIGN_HEADERS: Array<Record<string, string>> = [
  { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  { origin: 'https://evil.example' },
  { 'sec-fetch-site': 'cross-site' },
  { referer: 'https://evil.example/pagina.html' },
  { origin: 'null' },
];

/** (5) The valid request under another spelling of its path, from our own pages or from another site. */
const otherSpelling = (route: string, role: RoleName): fc.Arbitrary<Attempt> =>
  fc
    .record({
      spelling: fc.nat(),
      foreign: fc.option(fc.constantFrom(...FOREIGN_HEADERS), { nil: undefined }),
      body: fc.constant(null).map(() => exampleFor(route).body?.({ role, actor: actors[role], n: requestNumber })),
    })
    .map(({ body, foreign, spelling }) => ({
      spelling,
      ...(foreign ? { foreign } : {}),
      ...(body !== undefined ? { payload: toJsonText(body), contentType: 'application/json', bodyValue: body } : {}),
    }));

const FAMILIES = {
  'arbitrary JSON': () => arbitraryJson,
  'mutated valid body': mutatedBody,
  'raw bytes and wrong content types': rawBytes,
  'hostile query strings and path params': hostileUrl,
  'other spellings of the path, from our pages or another site': otherSpelling,
} as const;

// ---------------------------------------------------------------------------------------------------

describe('fuzzing every write route', () => {
  it('finds the write routes in the app and has a valid example for each one (and none for a route that is gone)', () => {
    expect(ROUTES.length).toBeGreaterThan(20);
    expect(
      ROUTES.filter((r) => !EXAMPLES[r]),
      'routes without an example',
    ).toEqual([]);
    expect(
      Object.keys(EXAMPLES).filter((r) => !ROUTES.includes(r)),
      'examples of routes that no longer exist',
    ).toEqual([]);
  });

  it.each(ROUTES)('%s: the valid example succeeds for the role it is written for', async (route) => {
    const example = exampleFor(route);
    const body = example.body?.({ role: example.ok, actor: actors[example.ok], n: requestNumber });
    const before = await snapshot();
    const [method, template] = route.split(' ') as [string, string];
    const params = example.params?.({ role: example.ok, actor: actors[example.ok], n: 0 }) ?? {};
    let url = template.replace(/\{(\w+)\}/g, (_m, name: string) => params[name]!);
    if (example.query) url += `?${example.query}`;
    const headers: Record<string, string> = { origin: ORIGIN, 'idempotency-key': `fuzz-${randomUUID()}`, ...(example.sign?.({ url, body }) ?? {}) };
    const actor = actors[example.ok];
    if (actor.cookie) headers.cookie = actor.cookie;
    const res = await t.app.inject({ method: method as 'POST', url, ...sent(body, headers) });
    if (actor.cookie && String(res.headers['set-cookie'] ?? '').includes('mf_session=')) await login(actor);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.json().success).toBe(true);
    last = undefined;
    // A 2xx of a write route is not required to write (idempotent repeats), but these first ones do,
    // except logout, refresh and ending a session, which only touch sessions, and a letter's preview, which only renders.
    if (!/logout|refreshToken|login|webhook|sessions|preview/.test(route)) expect(await snapshot(), route).not.toEqual(before);
  });

  let reuses = 10_000;
  it.each(ROUTES.filter((route) => typeof exampleFor(route).key !== 'object'))(
    '%s: its Idempotency-Key sent again answers as the first time with the same request, and 422 with another; neither writes',
    async (route) => {
      const example = exampleFor(route);
      const ctx: Ctx = { role: example.ok, actor: actors[example.ok], n: (reuses += 2) };
      const reuse =
        example.key === 'by-n'
          ? { first: example.body?.(ctx), other: example.body?.({ ...ctx, n: ctx.n + 1 }) }
          : await (example.key as (c: Ctx) => Promise<KeyReuse>)(ctx);
      const actor = reuse.actor ?? ctx.actor;
      const [method, template] = route.split(' ') as [string, string];
      const urlOf = (params: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_m, name: string) => params[name]!);
      const headers: Record<string, string> = { origin: ORIGIN, 'idempotency-key': `fuzz-${randomUUID()}`, ...(actor.cookie ? { cookie: actor.cookie } : {}) };
      const send = (body: unknown, params = reuse.params?.first ?? example.params?.(ctx) ?? {}) =>
        t.app.inject({ method: method as 'POST', url: urlOf(params), ...sent(body, headers) });

      const before = await snapshot();
      const first = await send(reuse.first);
      expect(first.statusCode, first.body).toBeGreaterThanOrEqual(200);
      expect(first.statusCode, first.body).toBeLessThan(300);
      const written = await snapshot();
      expect(written, 'the first request writes').not.toEqual(before);
      const again = await send(reuse.first);
      expect(again.statusCode, again.body).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      const other = await send(reuse.other, reuse.params?.other);
      expect(other.statusCode, other.body).toBe(422);
      expect(other.json()).toEqual({ success: false, message: KEY_REUSED_MESSAGE, data: null });
      expect(await snapshot(), 'neither the retry nor the reuse writes').toEqual(written);
      last = undefined;
    },
  );

  for (const route of ROUTES) {
    const roles = EXAMPLES[route]?.roles ?? (['guest', 'learner'] as RoleName[]);
    describe(route, () => {
      for (const role of roles) {
        for (const [family, arbitrary] of Object.entries(FAMILIES)) {
          it(`as ${role}: ${family}`, { timeout: 120_000 }, async () => {
            await fc.assert(
              fc.asyncProperty(arbitrary(route, role), (attempt) => fire(route, role, attempt)),
              { numRuns: RUNS, seed: SEED, endOnFailure: false, maxSkipsPerRun: 0 },
            );
          });
        }
      }
    });
  }
});
