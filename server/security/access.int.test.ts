// Who may call what: every /api route of the running app × {guest, learner, premium learner, coach} →
// the status each must get. The table is the access policy written down; a route the app serves that is
// not in the table fails the test, so nobody adds an endpoint without deciding who may use it.
// A refusal (401/403) must write nothing. Every other spelling of a path (percent-escapes, doubled slashes,
// dots, letter case) gets the same refusal or a 404, and a write from another site is refused whatever the
// spelling: a router that reads `/%61pi/…` as `/api/…` must not take a guard around.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFE_AREAS } from '../../course/areas';
import { ROLES } from '../../events/accounts/accounts.events';
import { startTestApp, countEvents, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../tests/fakes/mercadopago';
import { createLearner, FREE_IN_ORDER, type Learner } from '../../tests/setup/learners';
import { CROSS_SITE_MESSAGE } from '../plugins/same-origin';
import { pathSpellings, sendRaw, servedApiRoutes } from '../../tests/setup/routes';

type Who = 'guest' | 'learner' | 'premium' | 'coach';
const WHO: Who[] = ['guest', 'learner', 'premium', 'coach'];

interface Ctx {
  /** The signed-in principal (undefined for the guest). */
  me?: Learner;
  /** A learner whose data the coach reads. */
  subject: Learner;
  /** A deep-why question the learner principal asked (another user's, for everyone else). */
  questionId: string;
  unique: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, with {id} where the route has a parameter. */
  path: string;
  url?: (c: Ctx) => string;
  body?: (c: Ctx) => object;
  /** Run with a session of its own (login and logout end the session they are called with). */
  ownSession?: boolean;
  /**
   * Takes writes from other sites (the RFC 8058 one-click unsubscribe, which mail providers POST to and its signed
   * token authorises): from another site it answers as from ours, and only under the spellings that are its path.
   */
  crossSite?: 'allowed';
  expect: Record<Who, number> | number;
}

const signedIn = (ok: number): Record<Who, number> => ({ guest: 401, learner: ok, premium: ok, coach: ok });
const coachOnly = (ok = 200): Record<Who, number> => ({ guest: 401, learner: 403, premium: 403, coach: ok });
const EBOOK = 'afirmaciones-ebook';
/** The first paid activity: open to premium learners who finished the free ones, closed to the others. */
const FIRST_PAID = 'tus-sistemas-de-creencias-actuales';
/** The wheel is rated 0…10 in area order: the three weakest are the first three areas. */
const WEAKEST = LIFE_AREAS.slice(0, 3).map((a) => a.id);

let mp: FakeMercadoPago;
let nextPayment = 4_000_000_000;

// In the order they run: the ebook download is tried before anyone buys it.
const TABLE: Row[] = [
  { method: 'GET', path: '/api/health', expect: 200 },
  { method: 'GET', path: '/api/app/notification', expect: 200 },
  { method: 'GET', path: '/api/site', expect: 200 },
  {
    method: 'POST',
    path: '/api/leads/add',
    body: (c) => ({ email: `lead-${c.unique}@example.com`, nick: 'Ana', page: 'niveles', section: 'pdf', status: 'downloaded' }),
    expect: 200,
  },
  { method: 'POST', path: '/api/leads/view', body: () => ({ page: 'menu' }), expect: 200 },
  // A token that names no address of ours: refused for everyone (erasure.int.test.ts forgets with real ones).
  // A confirmation link that is not ours: refused for everyone (newsletter/routes.int.test.ts confirms with real ones).
  { method: 'POST', path: '/api/newsletter/confirm', body: () => ({ token: 'a'.repeat(43) }), expect: 400 },
  // Unsubscribe links that are not ours (newsletter/unsubscribe.int.test.ts leaves and comes back with real ones).
  { method: 'POST', path: '/api/newsletter/unsubscribe', body: () => ({ token: `${'A'.repeat(22)}.${'A'.repeat(43)}` }), crossSite: 'allowed', expect: 400 },
  { method: 'GET', path: '/api/newsletter/unsubscribe', url: () => `/api/newsletter/unsubscribe?token=${'A'.repeat(22)}.${'A'.repeat(43)}`, expect: 400 },
  { method: 'POST', path: '/api/newsletter/resubscribe', body: () => ({ token: `${'A'.repeat(22)}.${'A'.repeat(43)}` }), expect: 400 },
  // The archive is public; a letter nobody published is not found for anyone (newsletter/archive.int.test.ts reads real ones).
  { method: 'GET', path: '/api/newsletter/letters', expect: 200 },
  { method: 'GET', path: '/api/newsletter/letters/{series}/{slug}', url: () => '/api/newsletter/letters/dean/no-existe', expect: 404 },
  { method: 'POST', path: '/api/leads/forget', body: () => ({ token: `${'0'.repeat(64)}.${'0'.repeat(32)}` }), expect: 400 },
  {
    method: 'POST',
    path: '/api/reprograma/clarification-call',
    body: () => ({ name: 'Ana', email: 'ana@example.com', whatsapp: '', message: 'Quiero saber más.' }),
    expect: 200,
  },
  { method: 'POST', path: '/api/manifiesta/clarification-call', body: () => ({ name: 'Ana', email: '', whatsapp: '+54 11 5555 5555' }), expect: 200 },
  {
    method: 'POST',
    path: '/api/auth/signup',
    body: (c) => ({ username: 'Persona Nueva', email: `nuevo-${c.unique}@example.com`, password: 'una-clave-larga' }),
    expect: 200,
  },
  { method: 'GET', path: '/api/auth/verifyEmail', url: () => `/api/auth/verifyEmail?token=${'a'.repeat(64)}`, expect: 400 },
  { method: 'POST', path: '/api/auth/resendVerification', body: () => ({ email: 'nadie@example.com' }), expect: 200 },
  { method: 'POST', path: '/api/auth/forgotPassword', body: () => ({ email: 'nadie@example.com' }), expect: 200 },
  // A link nobody was sent: refused alike for everyone (the links themselves: accounts/recovery.int.test.ts).
  { method: 'POST', path: '/api/auth/resetPassword', body: () => ({ token: 'a'.repeat(43), password: 'una-clave-larga' }), expect: 400 },
  { method: 'POST', path: '/api/auth/confirmEmailChange', body: () => ({ token: 'a'.repeat(43) }), expect: 400 },
  { method: 'POST', path: '/api/auth/undoEmailChange', body: () => ({ token: 'a'.repeat(43) }), expect: 400 },
  // A change of address needs a session and the account's password; it changes nothing until confirmed.
  {
    method: 'POST',
    path: '/api/me/email',
    body: (c) => ({ newEmail: `otra-${c.unique}@example.com`, password: 'clave-de-prueba-123' }),
    expect: signedIn(200),
  },
  // A login with the principal's own credentials: everyone may log in (the guest with the learner's).
  {
    method: 'POST',
    path: '/api/auth/login',
    ownSession: true,
    body: (c) => ({ email: (c.me ?? c.subject).email, password: 'clave-de-prueba-123' }),
    expect: 200,
  },
  { method: 'POST', path: '/api/auth/logout', ownSession: true, expect: 200 },
  // Refreshing replaces the session it is called with.
  { method: 'POST', path: '/api/auth/refreshToken', ownSession: true, expect: signedIn(200) },
  { method: 'GET', path: '/api/auth/verifyToken', expect: signedIn(200) },
  { method: 'GET', path: '/api/resources', expect: 200 },
  // A paid activity's text: premium learners only (a free activity's answers everyone: course/routes.int.test.ts).
  {
    method: 'GET',
    path: '/api/course/lesson/{slug}',
    url: () => '/api/course/lesson/teoria-5-leyes-universales',
    expect: { guest: 401, learner: 403, premium: 200, coach: 403 },
  },
  // A paid activity's video, as its text: premium learners only (none placed here: 200 with null; its file 404).
  {
    method: 'GET',
    path: '/api/course/video/{slug}',
    url: () => '/api/course/video/teoria-5-leyes-universales',
    expect: { guest: 401, learner: 403, premium: 200, coach: 403 },
  },
  {
    method: 'GET',
    path: '/api/course/video/{slug}/file',
    url: () => '/api/course/video/teoria-5-leyes-universales/file',
    expect: { guest: 401, learner: 403, premium: 404, coach: 403 },
  },
  { method: 'GET', path: '/api/activity/getCompletionStatus', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/activity/markAsComplete',
    body: () => ({ activityId: FIRST_PAID }),
    expect: { guest: 401, learner: 403, premium: 200, coach: 403 },
  },
  { method: 'POST', path: '/api/activity/syncGuestProgress', body: () => ({ completedSlugs: ['12-areas-balance'] }), expect: signedIn(200) },
  { method: 'GET', path: '/api/activity/getReflection', url: () => `/api/activity/getReflection?activityId=${FIRST_PAID}`, expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/activity/saveReflection',
    body: () => ({ activityId: FIRST_PAID, text: 'Creía que no merecía descansar.' }),
    expect: { guest: 401, learner: 403, premium: 200, coach: 403 },
  },
  { method: 'GET', path: '/api/activity/getActivityRatings', url: () => '/api/activity/getActivityRatings?activityId=12-areas-balance', expect: signedIn(200) },
  { method: 'POST', path: '/api/activity/saveRating', body: () => ({ activityId: '12-areas-balance', areaId: 'career', score: 4 }), expect: signedIn(200) },
  {
    method: 'GET',
    path: '/api/activity/getAreaDefinitions',
    url: () => '/api/activity/getAreaDefinitions?activityId=concientizando-areas-balance',
    expect: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/activity/saveAreaDefinition',
    body: () => ({ activityId: 'concientizando-areas-balance', areaId: 'career', definition: 'Trabajo en lo que me gusta.' }),
    expect: signedIn(200),
  },
  { method: 'GET', path: '/api/activity/getDeepWhyPrerequisites', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/activity/saveWhySelection',
    body: () => ({ activityId: '7-niveles-deep-why', selectedAreaIds: WEAKEST }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/activity/saveWhyAnswer',
    body: () => ({ activityId: '7-niveles-deep-why', areaId: WEAKEST[0], levelIndex: 0, answer: 'Porque quiero paz.' }),
    expect: signedIn(200),
  },
  { method: 'POST', path: '/api/activity/restartDeepWhy', body: () => ({ activityId: '7-niveles-deep-why' }), expect: signedIn(200) },
  // Guests do the exercise from local data and may ask for questions too.
  {
    method: 'POST',
    path: '/api/activity/deepWhy/question',
    body: () => ({ areaId: WEAKEST[0], levelIndex: 1, previousAnswer: 'Porque quiero paz.' }),
    expect: 200,
  },
  // Someone else's question is as unknown as a question that never existed.
  {
    method: 'GET',
    path: '/api/activity/deepWhy/question/{id}',
    url: (c) => `/api/activity/deepWhy/question/${c.questionId}`,
    expect: { guest: 404, learner: 200, premium: 404, coach: 404 },
  },
  {
    method: 'GET',
    path: '/api/activity/getBeliefThreshold',
    url: () => '/api/activity/getBeliefThreshold?activityId=umbral-de-creencia',
    expect: signedIn(200),
  },
  // Saving needs the activity open: paid, and the earlier activities done (for premium learners too).,
  {
    method: 'POST',
    path: '/api/activity/saveBeliefThreshold',
    body: () => ({ activityId: 'umbral-de-creencia', manifestGoal: 'Vivir de lo que amo' }),
    expect: { guest: 401, learner: 403, premium: 403, coach: 403 },
  },
  {
    method: 'POST',
    path: '/api/activity/deleteBeliefThresholdGoal',
    body: () => ({ id: randomUUID() }),
    expect: { guest: 401, learner: 404, premium: 404, coach: 404 },
  },
  { method: 'POST', path: '/api/activity/saveRevelation', body: () => ({ revelation: 'Puedo soltar.', totalTimeMeditated: 600 }), expect: signedIn(200) },
  { method: 'GET', path: '/api/activity/getRevelations', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/meditation/sessions',
    body: () => ({ seconds: 600, activePhases: ['presence', 'gratitude'], outcome: 'completed', timeZone: 'America/Argentina/Buenos_Aires' }),
    expect: signedIn(200),
  },
  { method: 'GET', path: '/api/meditation/history', url: () => '/api/meditation/history?timeZone=America/Argentina/Buenos_Aires', expect: signedIn(200) },
  // Premium sounds: premium learners only (the coach's role is not a premium one).
  {
    method: 'GET',
    path: '/api/meditation/audio/{file}',
    url: () => '/api/meditation/audio/bg-ocean.mp3',
    expect: { guest: 401, learner: 403, premium: 200, coach: 403 },
  },
  { method: 'GET', path: '/api/coach/learners', expect: coachOnly() },
  { method: 'GET', path: '/api/coach/learners/{id}', url: (c) => `/api/coach/learners/${c.subject.userId}`, expect: coachOnly() },
  { method: 'GET', path: '/api/coach/learners/{id}/journey', url: (c) => `/api/coach/learners/${c.subject.userId}/journey`, expect: coachOnly() },
  { method: 'GET', path: '/api/coach/learners/{id}/state', url: (c) => `/api/coach/learners/${c.subject.userId}/state`, expect: coachOnly() },
  {
    method: 'POST',
    path: '/api/coach/learners/{id}/notes',
    url: (c) => `/api/coach/learners/${c.subject.userId}/notes`,
    body: () => ({ text: 'Avanza con constancia.' }),
    expect: coachOnly(),
  },
  { method: 'GET', path: '/api/coach/learners/{id}/export', url: (c) => `/api/coach/learners/${c.subject.userId}/export`, expect: coachOnly() },
  { method: 'GET', path: '/api/coach/analytics/funnel', expect: coachOnly() },
  { method: 'GET', path: '/api/coach/sales', expect: coachOnly() },
  { method: 'GET', path: '/api/coach/sales.csv', expect: coachOnly() },
  { method: 'GET', path: '/api/coach/subscribers', expect: coachOnly() },
  { method: 'GET', path: '/api/coach/subscribers.csv', expect: coachOnly() },
  // A payment nobody knows: the coach gets as far as looking for it (assigning itself: coach/sales.int.test.ts).
  {
    method: 'POST',
    path: '/api/coach/sales/{paymentId}/assign',
    url: () => '/api/coach/sales/9999999999/assign',
    body: () => ({ email: 'alguien@example.com' }),
    expect: coachOnly(404),
  },
  // Testimonials: one page's for everyone; the coach's list and writes for her alone (a testimonial nobody added
  // is not found: editing and removing them for real is in testimonials/routes.int.test.ts).
  { method: 'GET', path: '/api/testimonials', url: () => '/api/testimonials?page=reprograma', expect: 200 },
  { method: 'GET', path: '/api/coach/testimonials', expect: coachOnly() },
  {
    method: 'POST',
    path: '/api/coach/testimonials',
    body: () => ({ name: 'Lucía M.', text: 'Me ayudó a ordenar mis prioridades.', page: 'coaching', consent: true }),
    expect: coachOnly(),
  },
  {
    method: 'PATCH',
    path: '/api/coach/testimonials/{id}',
    url: () => `/api/coach/testimonials/${randomUUID()}`,
    body: () => ({ text: 'Otro texto.' }),
    expect: coachOnly(404),
  },
  { method: 'POST', path: '/api/coach/testimonials/{id}/remove', url: () => `/api/coach/testimonials/${randomUUID()}/remove`, expect: coachOnly(404) },
  // The newsletter's letters: the coach's alone (a letter nobody wrote is not found: writing, publishing and test
  // sends for real are in newsletter/letters.int.test.ts).
  { method: 'GET', path: '/api/coach/letters', expect: coachOnly() },
  {
    method: 'POST',
    path: '/api/coach/letters',
    body: (c) => ({ title: 'Una carta', slug: `carta-${c.unique}`, series: 'dean', markdown: 'Hola.' }),
    expect: coachOnly(201),
  },
  { method: 'GET', path: '/api/coach/letters/{id}', url: () => `/api/coach/letters/${randomUUID()}`, expect: coachOnly(404) },
  {
    method: 'PATCH',
    path: '/api/coach/letters/{id}',
    url: () => `/api/coach/letters/${randomUUID()}`,
    body: () => ({ title: 'Otra' }),
    expect: coachOnly(404),
  },
  { method: 'POST', path: '/api/coach/letters/{id}/publish', url: () => `/api/coach/letters/${randomUUID()}/publish`, expect: coachOnly(404) },
  { method: 'POST', path: '/api/coach/letters/{id}/unpublish', url: () => `/api/coach/letters/${randomUUID()}/unpublish`, expect: coachOnly(404) },
  { method: 'POST', path: '/api/coach/letters/{id}/test', url: () => `/api/coach/letters/${randomUUID()}/test`, expect: coachOnly(404) },
  // A letter's send: the coach's alone (an unknown letter is not found; sending for real is in
  // jobs/newsletter/send-letter.int.test.ts and newsletter/sends.int.test.ts).
  { method: 'POST', path: '/api/coach/letters/{id}/send', url: () => `/api/coach/letters/${randomUUID()}/send`, body: () => ({}), expect: coachOnly(404) },
  { method: 'POST', path: '/api/coach/letters/{id}/send/pause', url: () => `/api/coach/letters/${randomUUID()}/send/pause`, expect: coachOnly(404) },
  { method: 'POST', path: '/api/coach/letters/{id}/send/resume', url: () => `/api/coach/letters/${randomUUID()}/send/resume`, expect: coachOnly(404) },
  { method: 'POST', path: '/api/coach/letters/{id}/send/cancel', url: () => `/api/coach/letters/${randomUUID()}/send/cancel`, expect: coachOnly(404) },
  {
    method: 'POST',
    path: '/api/coach/letters/preview',
    body: () => ({ title: 'Una carta', slug: 'una-carta', series: 'meta', markdown: 'Hola.' }),
    expect: coachOnly(),
  },
  // The welcome sequences: the coach's alone (the sending itself is in sequences/routes.int.test.ts).
  { method: 'GET', path: '/api/coach/sequences', expect: coachOnly() },
  {
    method: 'PUT',
    path: '/api/coach/sequences/{page}/{section}/steps/{step}',
    url: () => '/api/coach/sequences/afirmaciones/ebook/steps/2',
    body: (c) => ({ subject: `Un paso ${c.unique}`, markdown: 'Hola.', day: 2 }),
    expect: coachOnly(),
  },
  {
    method: 'DELETE',
    path: '/api/coach/sequences/{page}/{section}/steps/{step}',
    url: () => '/api/coach/sequences/afirmaciones/ebook/steps/3',
    expect: coachOnly(),
  },
  { method: 'POST', path: '/api/coach/sequences/preview', body: () => ({ subject: 'Un paso', markdown: 'Hola.' }), expect: coachOnly() },
  {
    method: 'POST',
    path: '/api/coach/sequences/{page}/{section}/steps/{step}/test',
    url: () => '/api/coach/sequences/niveles/pdf/steps/1/test',
    expect: coachOnly(202),
  },
  { method: 'GET', path: '/api/coach/settings', expect: coachOnly() },
  { method: 'PATCH', path: '/api/coach/settings', body: () => ({ coachName: 'Coach de prueba' }), expect: coachOnly() },
  { method: 'POST', path: '/api/coach/settings/restore', body: () => ({ version: 0 }), expect: coachOnly() },
  // The catalogue: its prices for everyone; changing them for the coach alone (a field no purchase here depends on).
  { method: 'GET', path: '/api/catalogue', expect: 200 },
  { method: 'GET', path: '/api/coach/catalogue', expect: coachOnly() },
  { method: 'PATCH', path: '/api/coach/catalogue', body: () => ({ retreatSpots: 5 }), expect: coachOnly() },
  { method: 'POST', path: '/api/coach/catalogue/restore', body: () => ({ version: 0 }), expect: coachOnly() },
  // Which of her files fills each place: read by everyone, changed by the coach alone.
  { method: 'GET', path: '/api/placements', expect: 200 },
  { method: 'GET', path: '/api/coach/placements', expect: coachOnly() },
  { method: 'PATCH', path: '/api/coach/placements', body: () => ({ 'video-12-areas-balance': 'https://youtu.be/dQw4w9WgXcQ' }), expect: coachOnly() },
  { method: 'POST', path: '/api/coach/placements/restore', body: () => ({ version: 0 }), expect: coachOnly() },
  // The media library is the coach's: a body that is not a multipart upload reaches her as a 400 (uploads for real
  // are in media/routes.int.test.ts), everyone else is refused before the body is read.
  { method: 'GET', path: '/api/coach/media', expect: coachOnly() },
  { method: 'POST', path: '/api/coach/media', body: () => ({ file: 'no es un archivo' }), expect: coachOnly(400) },
  // A file nobody uploaded is not found (deleting one for real, and one in use, is in media/routes.int.test.ts).
  { method: 'DELETE', path: '/api/coach/media/{id}', url: () => `/api/coach/media/${randomUUID()}`, expect: coachOnly(404) },
  { method: 'GET', path: '/api/me/export', expect: signedIn(200) },
  { method: 'POST', path: '/api/me/name', body: () => ({ name: 'María José' }), expect: signedIn(200) },
  { method: 'GET', path: '/api/me/sessions', expect: signedIn(200) },
  // Only one's own sessions: any other id is unknown (my-sessions tests end one's own: accounts/me.int.test.ts).
  {
    method: 'POST',
    path: '/api/me/sessions/{id}/end',
    url: () => `/api/me/sessions/${randomUUID()}/end`,
    expect: { guest: 401, learner: 404, premium: 404, coach: 404 },
  },
  // With a wrong password, so the table's accounts survive it (erasure.int.test.ts deletes accounts for real).
  { method: 'POST', path: '/api/me/delete', body: () => ({ password: 'no-es-mi-clave' }), expect: signedIn(401) },
  { method: 'GET', path: '/api/me/entitlements', expect: signedIn(200) },
  { method: 'GET', path: '/api/downloads/afirmaciones-ebook', expect: { guest: 401, learner: 403, premium: 403, coach: 403 } },
  // Starting a purchase: the course needs an account (the ebook a guest may buy with an address: payments tests).
  { method: 'POST', path: '/api/checkout', body: () => ({ productId: 'manifiesta-curso-completo' }), expect: signedIn(200) },
  // Open to anyone: what a payment grants goes to its purchase's buyer, whoever asks (payments/routes.int.test.ts);
  // one that names no purchase of ours is held for the coach, for everyone alike.
  {
    method: 'POST',
    path: '/api/payment/confirm',
    body: () => ({ productId: EBOOK, paymentId: String(mp.add({ id: nextPayment++, transaction_amount: 3, external_reference: EBOOK }).id) }),
    expect: 202,
  },
  // Anyone may call the webhook; only Mercado Pago's signature makes it count.
  {
    method: 'POST',
    path: '/api/payment/webhook',
    url: () => '/api/payment/webhook?data.id=1&type=payment',
    body: () => ({ type: 'payment', data: { id: '1' } }),
    expect: 401,
  },
  // A wrong current password is 401 for everyone: the guest has no session, the others a wrong password (the right one
  // would end the principals' other sessions; accounts/me.int.test.ts changes passwords).
  {
    method: 'POST',
    path: '/api/me/password',
    body: () => ({ currentPassword: 'no-es-la-clave', newPassword: 'una-clave-nueva-larga' }),
    expect: 401,
  },
];

let db: TestDatabase;
let t: TestApp;
const principals = {} as Record<Exclude<Who, 'guest'>, Learner>;
let subject: Learner;
const questions = {} as Record<Who, string>;

const request = (me: Learner | undefined, method: Row['method'], url: string, body?: object) =>
  t.app.inject({ method, url, headers: me ? { cookie: me.cookie } : {}, ...(body ? { payload: body } : {}) });
/** What a page on another site sends when it makes the visitor's browser post to us. */
const FOREIGN = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
/** Where the app listens: other spellings of a path go over a socket, as written (inject resolves dots and backslashes). */
let address: { host: string; port: number };
const raw = (me: Learner | undefined, method: string, url: string, body?: object, headers: Record<string, string> = {}) =>
  sendRaw(address, {
    method,
    url,
    headers: { ...(me ? { cookie: me.cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

async function finishFreeActivities(l: Learner) {
  for (const [i, area] of LIFE_AREAS.entries()) {
    const res = await request(l, 'POST', '/api/activity/saveRating', { activityId: '12-areas-balance', areaId: area.id, score: Math.min(i, 10) });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const activityId of FREE_IN_ORDER) {
    const res = await request(l, 'POST', '/api/activity/markAsComplete', { activityId });
    expect(res.statusCode, `${activityId}: ${res.body}`).toBe(200);
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  mp = await startFakeMercadoPago();
  // GEMINI_API_KEY: a deep-why question then goes through the queue and has an id to read back (without AI
  // configured it is answered at once, and there is nothing to poll).
  // The table sends every write route under twenty-odd spellings for each role, a script's pace: the per-user
  // write budgets are raised like the per-address limits (hostile.int.test.ts tests the budgets themselves).
  t = await startTestApp(db, {
    config: {
      MERCADOPAGO_API_URL: mp.apiUrl,
      MERCADOPAGO_ACCESS_TOKEN: mp.token,
      MERCADOPAGO_WEBHOOK_SECRET: 'secreto-del-webhook',
      RATE_LIMIT_PER_IP: 10_000,
      LEAD_RATE_LIMIT_PER_IP: 10_000,
      RATE_LIMIT_WRITES_PER_USER: 10_000,
      RATE_LIMIT_WRITES_BURST: 10_000,
      RATE_LIMIT_WRITES_PER_USER_PER_DAY: 100_000,
      // A wrong current password (POST /api/me/password) counts as a failed login, here once per spelling.
      RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT: 1_000_000,
      RATE_LIMIT_LOGIN_FAILURES_PER_IP: 1_000_000,
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: 1_000_000,
      GEMINI_API_KEY: 'clave',
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  address = { host: '127.0.0.1', port: (t.app.server.address() as { port: number }).port };
  principals.learner = await createLearner(t.app, t.store);
  principals.premium = await createLearner(t.app, t.store, { roles: [ROLES.premium] });
  principals.coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  subject = await createLearner(t.app, t.store);
  for (const l of Object.values(principals)) await finishFreeActivities(l);
  // The learner principal asks a question; everybody else tries to read it.
  const asked = await request(principals.learner, 'POST', '/api/activity/deepWhy/question', {
    areaId: WEAKEST[0],
    levelIndex: 1,
    previousAnswer: 'Porque sí.',
  });
  expect(asked.statusCode, asked.body).toBe(200);
  for (const who of WHO) questions[who] = asked.json().data.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await mp?.close();
  await db?.drop();
});

describe('the access table', () => {
  it('names every /api route the app serves, and only those (routes hidden from the API docs included)', () => {
    const listed = TABLE.map((r) => `${r.method} ${r.path}`).sort();
    expect(listed).toEqual([...new Set(listed)]);
    expect(servedApiRoutes(t.app)).toEqual(listed);
  });

  const statusFor = (row: Row, who: Who) => (typeof row.expect === 'number' ? row.expect : row.expect[who]);

  // Each row's checks run in the table's order, while the state is the one the row was written for.
  for (const row of TABLE) {
    it(`${row.method} ${row.path}: ${WHO.map((w) => `${w} ${statusFor(row, w)}`).join(', ')}`, async () => {
      for (const who of WHO) {
        let me = who === 'guest' ? undefined : principals[who];
        if (me && row.ownSession) me = { ...me, cookie: (await createSession(me)).cookie };
        const c: Ctx = { me, subject, questionId: questions[who], unique: randomUUID() };
        const before = await countEvents(db.pool);
        const res = await request(me, row.method, row.url ? row.url(c) : row.path, row.body?.(c));
        const expected = statusFor(row, who);
        expect(res.statusCode, `${who}: ${res.body.slice(0, 300)}`).toBe(expected);
        if (res.statusCode === 401 || res.statusCode === 403) {
          expect(res.json(), who).toMatchObject({ success: false, data: null });
          expect(await countEvents(db.pool), `${who}: a refusal writes nothing`).toBe(before);
        }
      }
    });

    const refusals = WHO.filter((who) => [401, 403].includes(statusFor(row, who)));
    if (refusals.length > 0) {
      it(`${row.method} ${row.path}, spelled otherwise: refused the same way (${refusals.join(', ')}) or unknown; nothing written`, async () => {
        for (const who of refusals) {
          const me = who === 'guest' ? undefined : principals[who];
          const c: Ctx = { me, subject, questionId: questions[who], unique: randomUUID() };
          // A spelling that changes a path parameter's text (a trailing dot) asks for another value, and one that
          // adds an empty segment may reach a route with a parameter (`/api/coach/learners/` is
          // `/api/coach/learners/{id}` with an empty id): that route's schema refuses it (400), as written plainly.
          const parametrised = `${row.path}/{`;
          const hitsParameter = row.path.includes('{') || servedApiRoutes(t.app).some((r) => r.split(' ')[1]!.startsWith(parametrised));
          const allowed = hitsParameter ? [statusFor(row, who), 404, 400] : [statusFor(row, who), 404];
          for (const spelling of pathSpellings(row.url ? row.url(c) : row.path)) {
            const before = await countEvents(db.pool);
            const res = await raw(me, row.method, spelling.url, row.body?.(c));
            const what = `${who}, ${spelling.name} (${spelling.url}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(allowed, what).toContain(res.statusCode);
            expect(JSON.parse(res.body), what).toMatchObject({ success: false, data: null });
            expect(await countEvents(db.pool), `${what}: wrote`).toBe(before);
          }
        }
      });
    }

    if (row.method === 'POST' && row.crossSite === 'allowed') {
      it(`${row.method} ${row.path}, from another site: answered as from ours; nothing written on a refusal`, async () => {
        const c: Ctx = { me: undefined, subject, questionId: questions.guest, unique: randomUUID() };
        const url = row.url ? row.url(c) : row.path;
        const expected = statusFor(row, 'guest');
        for (const spelling of [{ name: 'as written', url }, ...pathSpellings(url)]) {
          const before = await countEvents(db.pool);
          const res = await raw(undefined, row.method, spelling.url, row.body?.(c), FOREIGN);
          const what = `${spelling.name} (${spelling.url}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(spelling.name === 'as written' ? [expected] : [expected, 403, 404], what).toContain(res.statusCode);
          expect(await countEvents(db.pool), `${what}: wrote`).toBe(before);
        }
      });
    } else if (row.method === 'POST') {
      // Sent as someone the plain path lets through when the request comes from our own pages.
      const who = WHO.find((w) => w !== 'guest' && statusFor(row, w) === 200) ?? 'learner';
      it(`${row.method} ${row.path}, from another site under any spelling: 403 for ${who}; nothing written, the session lives on`, async () => {
        const principal = principals[who as Exclude<Who, 'guest'>];
        const me = row.ownSession ? await createSession(principal) : principal;
        const c: Ctx = { me, subject, questionId: questions[who], unique: randomUUID() };
        const url = row.url ? row.url(c) : row.path;
        for (const spelling of [{ name: 'as written', url }, ...pathSpellings(url)]) {
          const before = await countEvents(db.pool);
          const res = await raw(me, row.method, spelling.url, row.body?.(c), FOREIGN);
          const what = `${spelling.name} (${spelling.url}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBe(403);
          expect(JSON.parse(res.body), what).toEqual({ success: false, message: CROSS_SITE_MESSAGE, data: null });
          expect(res.headers['set-cookie'], what).toBeUndefined();
          expect(await countEvents(db.pool), `${what}: wrote`).toBe(before);
          expect((await request(me, 'GET', '/api/auth/verifyToken')).statusCode, `${what}: the session ended`).toBe(200);
        }
      });
    }
  }
});

/** A second session of the same account (logging in again), so the principal's own stays alive. */
async function createSession(l: Learner): Promise<Learner> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: l.email, password: 'clave-de-prueba-123' } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...l, cookie: String(res.headers['set-cookie']).split(';')[0]! };
}
