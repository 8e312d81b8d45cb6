// Hostile clients at the HTTP edge: oversized bodies, cross-site writes through another spelling of a path,
// planted session cookies (fixation), stolen cookies after logout, the shape of the secrets the server hands
// out, and scripts that write as fast as they can.
import { createHash } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { MESSAGES } from '../http';
import { NO_SESSION_MESSAGE, SESSION_COOKIE } from '../plugins/auth';
import { CROSS_SITE_MESSAGE } from '../plugins/same-origin';
import { AREA_IDS } from '../../course/areas';
import { learnerStreamId } from '../../events/accounts/accounts.events';
import { count, countEvents, startTestApp, TEST_CONFIG, type TestApp } from '../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { createLearner, type Learner } from '../../tests/setup/learners';
import { servedApiRoutes } from '../../tests/setup/routes';

let db: TestDatabase;
let t: TestApp;
let learner: Learner;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { RATE_LIMIT_PER_IP: 10_000, MERCADOPAGO_WEBHOOK_SECRET: 'secreto-del-webhook' } });
  learner = await createLearner(t.app, t.store);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const sessionValue = (setCookie: string | string[] | undefined) => String(setCookie).match(new RegExp(`${SESSION_COOKIE}=([^;]*)`))?.[1];
const login = (cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: cookie ? { cookie } : {},
    payload: { email: learner.email, password: 'clave-de-prueba-123' },
  });
const whoAmI = (value: string) => t.app.inject({ method: 'GET', url: '/api/auth/verifyToken', headers: { cookie: `${SESSION_COOKIE}=${value}` } });

describe('oversized bodies', () => {
  it('a body over 256 KB is refused with 413 in Spanish before any handler runs; nothing is written', async () => {
    const before = await countEvents(db.pool);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/activity/saveReflection',
      headers: { cookie: learner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ activityId: '12-areas-balance', text: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.tooLarge, data: null });
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('a body that is not JSON gets 415 in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads/view',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'page=menu',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MESSAGES.unsupportedMedia);
  });
});

describe('cross-site writes, whatever the spelling of the path', () => {
  /** What a page on another site sends when it makes the visitor's browser post to us. */
  const FOREIGN = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  const revelations = async (l: Learner) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/activity/getRevelations', headers: { cookie: l.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().data as unknown[];
  };

  it('a revelation posted from another site through /%61pi/… (the router reads /api/…) is refused like the plain path: 403, nothing saved', async () => {
    const before = { events: await countEvents(db.pool), revelations: await revelations(learner) };
    for (const url of ['/api/activity/saveRevelation', '/%61pi/activity/saveRevelation']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: learner.cookie, ...FOREIGN },
        payload: { revelation: 'Escrito por otro sitio.', totalTimeMeditated: 60 },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ success: false, message: CROSS_SITE_MESSAGE, data: null });
    }
    expect(await revelations(learner)).toEqual(before.revelations);
    expect(await countEvents(db.pool)).toBe(before.events);
  });

  it('a logout posted from another site through /%61pi/… with an empty text/plain body (a form needs no preflight) leaves the session alive', async () => {
    const value = sessionValue((await login()).headers['set-cookie'])!;
    for (const url of ['/api/auth/logout', '/%61pi/auth/logout', '/%61%70%69/auth/logout']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: `${SESSION_COOKIE}=${value}`, 'content-type': 'text/plain', origin: 'https://evil.example' },
        payload: '',
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect((await whoAmI(value)).statusCode, `${url}: the session still works`).toBe(200);
    }
  });

  it('a cross-site write to any path, a route or not, is refused before anything else looks at it', async () => {
    for (const url of ['/', '/menu', '/nada', '/%61pi/nada', '/api/nada']) {
      const res = await t.app.inject({ method: 'POST', url, headers: FOREIGN, payload: { a: 1 } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ success: false, message: CROSS_SITE_MESSAGE, data: null });
    }
  });

  it('a server-to-server call (no Origin, no Referer, no Sec-Fetch-Site) is not a cross-site one: the webhook is still answered by its own check', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/webhook?data.id=1&type=payment', payload: { type: 'payment', data: { id: '1' } } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).not.toBe(CROSS_SITE_MESSAGE);
  });

  it('a text/plain body is refused with 415 in Spanish on every route (no route reads one; a cross-site form could send one)', async () => {
    const before = await countEvents(db.pool);
    for (const [url, payload] of [
      ['/api/leads/view', JSON.stringify({ page: 'menu' })],
      ['/api/auth/logout', ''],
      ['/api/activity/saveRevelation', JSON.stringify({ revelation: 'Texto plano.', totalTimeMeditated: 60 })],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: learner.cookie, 'content-type': 'text/plain;charset=UTF-8' }, payload });
      expect(res.statusCode, url).toBe(415);
      expect(res.json(), url).toEqual({ success: false, message: MESSAGES.unsupportedMedia, data: null });
    }
    expect(await countEvents(db.pool)).toBe(before);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/verifyToken', headers: { cookie: learner.cookie } })).statusCode,
      'the learner is still signed in',
    ).toBe(200);
  });

  it('an API answer reached through another spelling of its path is not cacheable either (no-store)', async () => {
    for (const url of ['/api/activity/getRevelations', '/%61pi/activity/getRevelations', '/api/activity/getRevelation%73']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: learner.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('sessions', () => {
  it('session fixation: a session cookie planted before login is never the session after it', async () => {
    // An attacker plants a value of the right shape, and also a real session of the victim's it knows.
    const planted = 'A'.repeat(43);
    const known = sessionValue((await login()).headers['set-cookie'])!;
    for (const before of [planted, known]) {
      const res = await login(`${SESSION_COOKIE}=${before}`);
      expect(res.statusCode).toBe(200);
      const after = sessionValue(res.headers['set-cookie'])!;
      expect(after).not.toBe(before);
      expect((await whoAmI(after)).statusCode).toBe(200);
      expect((await whoAmI(before)).statusCode, 'the planted value opens nothing').toBe(401);
    }
  });

  it('logout ends the session on the server: the old cookie, replayed, is refused everywhere', async () => {
    const value = sessionValue((await login()).headers['set-cookie'])!;
    expect((await whoAmI(value)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `${SESSION_COOKIE}=${value}` } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    const replay = await whoAmI(value);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(NO_SESSION_MESSAGE);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/activity/saveRating',
      headers: { cookie: `${SESSION_COOKIE}=${value}` },
      payload: { activityId: '12-areas-balance', areaId: 'career', score: 5 },
    });
    expect(write.statusCode).toBe(401);
    const { rows } = await db.pool.query('SELECT 1 FROM sessions WHERE token_hash = $1', [createHash('sha256').update(value).digest()]);
    expect(rows).toEqual([]);
  });

  it('session tokens are 256 random bits, all different, and only their SHA-256 is stored', async () => {
    const values: string[] = [];
    for (let i = 0; i < 40; i++) values.push(sessionValue((await login()).headers['set-cookie'])!);
    expect(new Set(values).size).toBe(values.length);
    for (const v of values) {
      expect(v).toMatch(/^[\w-]{43}$/);
      expect(Buffer.from(v, 'base64url')).toHaveLength(32);
    }
    // Bits that vary across tokens: every one of the 256 positions takes both values somewhere.
    const bits = values.map((v) => [...Buffer.from(v, 'base64url')].flatMap((byte) => [...byte.toString(2).padStart(8, '0')]));
    const constant = bits[0]!.filter((_, i) => bits.every((b) => b[i] === bits[0]![i])).length;
    expect(constant, 'positions that never change across 40 tokens').toBeLessThanOrEqual(2);

    const { rows } = await db.pool.query<{ token_hash: Buffer }>('SELECT token_hash FROM sessions WHERE user_id = $1', [learner.userId]);
    const stored = rows.map((r) => r.token_hash.toString('hex'));
    for (const v of values) {
      expect(stored).toContain(createHash('sha256').update(v).digest('hex'));
      expect(stored.join()).not.toContain(Buffer.from(v, 'base64url').toString('hex'));
    }
  });

  it('a cookie of the wrong shape is not even looked up: 401, same message', async () => {
    for (const value of ['', 'x', "' OR 1=1 --", 'A'.repeat(500), '%00%00']) {
      const res = await whoAmI(value);
      expect(res.statusCode, value).toBe(401);
      expect(res.json().message).toBe(NO_SESSION_MESSAGE);
    }
  });
});

describe('logs', () => {
  it('what visitors give us (names, e-mails, phone numbers, messages, reflections) never reaches the log', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...TEST_CONFIG, LOG_LEVEL: 'info', RATE_LIMIT_PER_IP: 10_000 },
      pool: db.pool,
      store: t.store,
      jobs: t.jobs,
      metrics: t.metrics,
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    });
    const pii = {
      email: 'visitante.secreta@example.com',
      name: 'Rocío Almendra',
      whatsapp: '+54 11 4321 8765',
      message: 'Mi hermana y yo estamos en crisis',
      reflection: 'Nunca se lo conté a nadie',
    };
    try {
      const calls = [
        { url: '/api/leads/add', payload: { email: pii.email, nick: pii.name, page: 'niveles', section: 'pdf', status: 'downloaded' } },
        { url: '/api/reprograma/clarification-call', payload: { name: pii.name, email: pii.email, whatsapp: pii.whatsapp, message: pii.message } },
        { url: '/api/auth/resendVerification', payload: { email: pii.email } },
        { url: '/api/auth/login', payload: { email: pii.email, password: 'una-clave-equivocada' } },
        // Refused ones too: a validation error must not echo the body into the log.
        { url: '/api/leads/add', payload: { email: pii.email, nick: pii.name, page: 'no-existe' } },
        { url: '/api/activity/saveReflection', payload: { activityId: '12-areas-balance', text: pii.reflection }, cookie: learner.cookie },
      ];
      for (const { url, payload, cookie } of calls) {
        const res = await app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      }
    } finally {
      await app.close();
    }
    const logged = lines.join('\n');
    expect(logged).toContain('/api/reprograma/clarification-call');
    for (const value of Object.values(pii)) expect(logged).not.toContain(value);
    expect(logged).not.toContain(learner.cookie.split('=')[1]);
    expect(logged).not.toMatch(/[^\s@"]+@[^\s@"]+\.[^\s@"]+/);
  });
});

describe('how much one learner can write', () => {
  // The app with the default write limits, on a clock the test moves (waiting is not what is tested).
  let clock = Date.parse('2026-12-01T10:00:00Z');
  let w: TestApp;
  beforeAll(async () => {
    w = await startTestApp(db, { config: { RATE_LIMIT_PER_IP: 10_000 }, now: () => clock });
  });
  afterAll(async () => {
    await w?.close();
  });

  const saveRevelation = (cookie: string, text: string) =>
    w.app.inject({ method: 'POST', url: '/api/activity/saveRevelation', headers: { cookie }, payload: { revelation: text, totalTimeMeditated: 900 } });
  const storedRevelations = (userId: string) => count(db.pool, 'SELECT count(*) AS n FROM revelations WHERE user_id = $1', [userId]);
  const streamEvents = (userId: string) => count(db.pool, 'SELECT count(*) AS n FROM events WHERE stream_id = $1', [learnerStreamId(userId)]);

  it('60 revelations of 5,000 characters in a burst: cut with 429, a Spanish message and Retry-After; the refused ones are not written', async () => {
    const script = await createLearner(w.app, w.store);
    const eventsBefore = await streamEvents(script.userId);
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(await saveRevelation(script.cookie, `${i} ${'r'.repeat(4_990)}`));
    const statuses = answers.map((res) => res.statusCode);
    const accepted = statuses.filter((s) => s === 200).length;
    // The clock stands still during the burst: exactly the burst allowance gets through.
    expect(accepted, 'a burst gets some way, then stops').toBe(TEST_CONFIG.RATE_LIMIT_WRITES_BURST);
    expect(accepted).toBeLessThan(60);
    // Accepted first, then refused: nothing else.
    expect(statuses).toEqual([...Array(accepted).fill(200), ...Array(60 - accepted).fill(429)]);
    const refused = answers[accepted]!;
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Estás guardando muy rápido\. Espera \d+ segundos? y vuelve a intentarlo\.$/),
      data: null,
    });
    expect(refused.json().message).toContain(`Espera ${retryAfter} segundo`);
    // Only what was accepted is stored: the read model and the log agree.
    expect(await storedRevelations(script.userId)).toBe(accepted);
    expect(await streamEvents(script.userId)).toBe(eventsBefore + accepted);

    // Another learner, at the same moment, is not held back by the first one's burst.
    const other = await createLearner(w.app, w.store);
    expect((await saveRevelation(other.cookie, 'Hoy sentí calma por primera vez en semanas.')).statusCode).toBe(200);

    // Once the time Retry-After names has passed, the first learner writes again.
    clock += retryAfter * 1000;
    expect((await saveRevelation(script.cookie, 'Después de esperar.')).statusCode).toBe(200);
    expect(await storedRevelations(script.userId)).toBe(accepted + 1);
  });

  it('the burst is counted per account, not per address: changing address does not help', async () => {
    const script = await createLearner(w.app, w.store);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await w.app.inject({
        method: 'POST',
        url: '/api/activity/saveRating',
        remoteAddress: `198.51.100.${i + 1}`,
        headers: { cookie: script.cookie },
        payload: { activityId: '12-areas-balance', areaId: 'career', score: i % 11 },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
  });

  it("a person's pace gets through: a week of offline meditations sent at once, the wheel rated in quick taps, then a write every 2 seconds for 10 minutes", async () => {
    const person = await createLearner(w.app, w.store);
    const post = (url: string, payload: object) => w.app.inject({ method: 'POST', url, headers: { cookie: person.cookie }, payload });
    const refused: string[] = [];
    const expectSaved = async (url: string, payload: object) => {
      const res = await post(url, payload);
      if (res.statusCode !== 200) refused.push(`${url} at ${new Date(clock).toISOString()}: ${res.statusCode} ${res.body}`);
    };
    // Back online after a week away: the browser's outbox sends 14 sessions and their 14 revelations back to back.
    for (let day = 0; day < 14; day++) {
      await expectSaved('/api/meditation/sessions', {
        seconds: 1_800,
        activePhases: ['presence', 'gratitude'],
        outcome: 'completed',
        endedSecondsAgo: (14 - day) * 43_200,
      });
      await expectSaved('/api/activity/saveRevelation', { revelation: `Día ${day + 1}: respiré y solté.`, totalTimeMeditated: 1_800 });
    }
    // A minute later, the wheel: twelve areas rated a fifth of a second apart, then 'Finalizar y ver Resumen'.
    clock += 60_000;
    for (const [i, areaId] of AREA_IDS.entries()) {
      await expectSaved('/api/activity/saveRating', { activityId: '12-areas-balance', areaId, score: (i * 3) % 11 });
      clock += 200;
    }
    await expectSaved('/api/activity/markAsComplete', { activityId: '12-areas-balance' });
    // Then faster than anyone types: a save every 2 seconds for 10 minutes.
    for (let i = 0; i < 300; i++) {
      clock += 2_000;
      await expectSaved('/api/activity/saveRating', { activityId: '12-areas-balance', areaId: 'career', score: i % 11 });
    }
    expect(refused).toEqual([]);
  });

  it('every write route the app serves is limited — by a limit of its own or by the per-user write budget — so a new route cannot forget it', async () => {
    const tight = await startTestApp(db, {
      config: { RATE_LIMIT_PER_IP: 2, LEAD_RATE_LIMIT_PER_IP: 2, RATE_LIMIT_WRITES_BURST: 2, RATE_LIMIT_WRITES_PER_USER: 1 },
      now: () => clock,
    });
    try {
      const writes = servedApiRoutes(tight.app).filter((route) => !route.startsWith('GET '));
      expect(writes.length).toBeGreaterThan(20);
      const unlimited: string[] = [];
      for (const [i, route] of writes.entries()) {
        const [method, path] = route.split(' ') as [string, string];
        const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
        // Each route from an address of its own, as a guest: whatever answers first, a 429 must come.
        let limited: { status: number; retryAfter: unknown; message: string } | undefined;
        for (let n = 0; n < 100 && !limited; n++) {
          const res = await tight.app.inject({ method: method as 'POST', url, remoteAddress: `203.0.113.${i + 1}`, payload: {} });
          if (res.statusCode === 429) limited = { status: 429, retryAfter: res.headers['retry-after'], message: res.json().message };
        }
        if (!limited) unlimited.push(route);
        else {
          expect(Number(limited.retryAfter), route).toBeGreaterThanOrEqual(1);
          expect(limited.message, route).toMatch(/^(Estás guardando muy rápido|Demasiadas solicitudes)/);
        }
      }
      expect(unlimited).toEqual([]);
    } finally {
      await tight.close();
    }
  });
});
