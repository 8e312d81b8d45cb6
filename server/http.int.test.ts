// Regressions found by the fuzzer (server/security/fuzz.int.test.ts): a NUL character in any text, a value
// nested thousands of levels deep, and URLs the router refuses before any route runs answer the Spanish
// envelope with a 4xx and write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../events/accounts/accounts.events';
import { countEvents, startTestApp, TEST_CONFIG, type TestApp } from '../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { createLearner, type Learner } from '../tests/setup/learners';
import { MAX_INPUT_DEPTH, MESSAGES } from './http';

let db: TestDatabase;
let t: TestApp;
let learner: Learner;
let coach: Learner;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db);
  learner = await createLearner(t.app, t.store);
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const origin = new URL(TEST_CONFIG.publicUrl).origin;
const post = (url: string, payload: object, who?: Learner) =>
  t.app.inject({ method: 'POST', url, headers: { origin, ...(who ? { cookie: who.cookie } : {}) }, payload });
const users = async () => Number((await db.pool.query('SELECT count(*) AS n FROM users')).rows[0].n);

function expectEnvelope(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ success: false, message, data: null });
}

describe('a NUL character (PostgreSQL text and jsonb cannot store it)', () => {
  it('in a text field that passes validation is a 400 in Spanish, not a 500, and nothing is written', async () => {
    const events = await countEvents(db.pool);
    const before = await users();
    expectEnvelope(await post('/api/manifiesta/clarification-call', { name: '\u0000Ana', email: 'ana@example.com' }), 400, MESSAGES.nul);
    expectEnvelope(await post('/api/activity/saveRevelation', { revelation: 'Sentí paz\u0000', totalTimeMeditated: 60 }, learner), 400, MESSAGES.nul);
    // A lone surrogate (seen by the fuzzer: a 500 from jsonb) is refused the same way, before any write.
    expectEnvelope(await post('/api/activity/saveRevelation', { revelation: '\udfffSentí paz', totalTimeMeditated: 60 }, learner), 400, MESSAGES.badUnicode);
    expectEnvelope(await post('/api/manifiesta/clarification-call', { name: 'Ana\ud800', email: 'ana@example.com' }), 400, MESSAGES.badUnicode);
    expectEnvelope(await post(`/api/coach/learners/${learner.userId}/notes`, { text: 'Va\u0000 bien' }, coach), 400, MESSAGES.nul);
    expectEnvelope(await post('/api/activity/deepWhy/question', { areaId: 'finances', levelIndex: 1, previousAnswer: '\u0000' }), 400, MESSAGES.nul);
    // The e-mail pattern lets it through; the users table would have refused it after the fact.
    expectEnvelope(await post('/api/auth/signup', { username: 'Con Nulo', email: '\u0000ana@example.com', password: 'una-clave-larga-1' }), 400, MESSAGES.nul);
    expect(await countEvents(db.pool)).toBe(events);
    expect(await users()).toBe(before);
    expect(Number((await db.pool.query('SELECT count(*) AS n FROM pgboss.job')).rows[0].n)).toBe(0);
  });

  it('in a key, deep in a nested value, or in the query string is refused the same way', async () => {
    const events = await countEvents(db.pool);
    expectEnvelope(await post('/api/activity/syncGuestProgress', { completedSlugs: [], activityData: { 'a\u0000': {} } }, learner), 400, MESSAGES.nul);
    // Sent as text: the test's own JSON.stringify could not write a value this deep.
    const deep = (levels: number, leaf: string) =>
      `{"completedSlugs":[],"activityData":{"12-areas-balance":${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}}}`;
    const postText = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/activity/syncGuestProgress',
        headers: { origin, cookie: learner.cookie, 'content-type': 'application/json' },
        payload,
      });
    expectEnvelope(await postText(deep(20, '"\\u0000"')), 400, MESSAGES.nul);
    // Without the NUL the depth itself is refused: hashing the guest data overflowed the stack (a 500).
    expectEnvelope(await postText(deep(5_000, '"x"')), 400, MESSAGES.tooDeep);
    expect(await countEvents(db.pool)).toBe(events);
    const res = await t.app.inject({ method: 'GET', url: '/api/coach/learners?search=%00', headers: { cookie: coach.cookie } });
    expectEnvelope(res, 400, MESSAGES.nul);
  });

  it('does not stand in the way of other unusual text (accents, emoji, right-to-left marks)', async () => {
    const res = await post('/api/activity/saveRevelation', { revelation: 'Ñandú 😀 \u202e ok', totalTimeMeditated: 60 }, learner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.Revelation).toBe('Ñandú 😀 \u202e ok');
  });
});

describe('a value nested deeper than any body the API takes', () => {
  it('is a 400, not a stack overflow (500) in whatever recurses over it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads/view',
      headers: { origin, 'content-type': 'application/json' },
      payload: `{"page":"menu","x":${'['.repeat(MAX_INPUT_DEPTH)}${']'.repeat(MAX_INPUT_DEPTH)}}`,
    });
    expectEnvelope(res, 400, MESSAGES.tooDeep);
  });
});

describe('URLs the router refuses before any route runs', () => {
  it('a path parameter over the router limit is a 414 with the envelope', async () => {
    expectEnvelope(await post(`/api/coach/learners/${'a'.repeat(500)}/notes`, { text: 'hola' }, coach), 414, MESSAGES.urlTooLong);
  });

  it('a malformed percent-encoding in a path parameter is a 400 with the envelope', async () => {
    expectEnvelope(await post('/api/coach/learners/%E0%A4%A/notes', { text: 'hola' }, coach), 400, MESSAGES.badUrl);
    const res = await t.app.inject({ method: 'GET', url: '/api/activity/deepWhy/question/%C0' });
    expectEnvelope(res, 400, MESSAGES.badUrl);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
