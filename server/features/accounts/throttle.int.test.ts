// Login throttling over real sockets: the server listens on 127.0.0.1 and each client binds its own loopback
// address (127.0.0.2 guessing, 127.0.0.1 the owner…), so the client address the server counts comes from the
// connection, as in production, not from a test's say-so.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, startTestApp, TEST_CONFIG, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { SESSION_COOKIE } from '../../plugins/auth';
import { DEVICE_COOKIE } from './browsers';
import { AUTH_MESSAGES, tooManyFailuresMessage } from './routes';

const PASSWORD = 'clave-de-prueba-123';
const OWNER_ADDRESS = '127.0.0.1';
const GUESSER = '127.0.0.2';
/** The defaults, said here so that the numbers below read plainly. */
const PER_CLIENT = TEST_CONFIG.RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT;
const PER_IP = TEST_CONFIG.RATE_LIMIT_LOGIN_FAILURES_PER_IP;
const PER_ACCOUNT = TEST_CONFIG.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT;
const MAX_DELAY = TEST_CONFIG.RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS;

let db: TestDatabase;
let t: TestApp;
let port: number;

beforeAll(async () => {
  expect([PER_CLIENT, PER_IP, PER_ACCOUNT, MAX_DELAY]).toEqual([5, 20, 100, 900]);
  db = await createTestDatabase();
  // The per-process request limit (RATE_LIMIT_PER_IP, in memory) is raised: what is tested here is the failure count.
  t = await startTestApp(db, { config: { RATE_LIMIT_PER_IP: 100_000 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

interface Answer {
  status: number;
  retryAfter?: string;
  body: { success: boolean; message: string };
  cookies: string[];
}

/** POST /api/auth/login over a new connection from `from` (a loopback address this machine answers to). */
function loginFrom(from: string, email: string, password: string, cookie?: string): Promise<Answer> {
  const payload = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/login',
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode!,
            ...(retryAfter === undefined ? {} : { retryAfter: String(retryAfter) }),
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            cookies: res.headers['set-cookie'] ?? [],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The clock moves on: every failure counted happened `seconds` earlier (a wait passes without sleeping through it). */
const later = (seconds: number) => db.pool.query('UPDATE login_failures SET last_failure_at = last_failure_at - make_interval(secs => $1)', [seconds]);

const wrong = (i: number) => `no-es-la-clave-${i}`;
const badCredentials = { success: false, message: AUTH_MESSAGES.badCredentials, data: null };
const waitFor = (seconds: number) => ({ success: false, message: tooManyFailuresMessage(seconds), data: null });
const cookieNamed = (answer: Answer, name: string) => answer.cookies.find((c) => c.startsWith(`${name}=`))?.split(';')[0];

describe('the owner still gets in', () => {
  let owner: Learner;

  beforeAll(async () => {
    owner = await createLearner(t.app, t.store);
  });

  it('127.0.0.2 guesses: free failures, then 429 with Retry-After 1 s, 2 s, 4 s … never holding the request open', async () => {
    for (let i = 0; i < PER_CLIENT; i++) {
      const res = await loginFrom(GUESSER, owner.email, wrong(i));
      expect([res.status, res.body]).toEqual([401, badCredentials]);
    }
    const waits: string[] = [];
    for (let round = 0; round < 10; round++) {
      const started = performance.now();
      const slowed = await loginFrom(GUESSER, owner.email, wrong(100 + round));
      expect(performance.now() - started, 'answered at once').toBeLessThan(2_000);
      expect(slowed.status).toBe(429);
      expect(slowed.body).toEqual(waitFor(Number(slowed.retryAfter)));
      expect(slowed.cookies).toEqual([]);
      waits.push(slowed.retryAfter!);
      await later(Number(slowed.retryAfter));
      expect((await loginFrom(GUESSER, owner.email, wrong(200 + round))).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '64', '128', '256', '512']);
    // Up to the ceiling, and no further.
    const capped = await loginFrom(GUESSER, owner.email, wrong(300));
    expect([capped.status, capped.retryAfter]).toEqual([429, String(MAX_DELAY)]);
    expect(capped.body.message).toBe('Demasiados intentos fallidos. Espera 15 minutos y vuelve a intentarlo.');
    // Even the right password waits: a wait that the right password skipped would tell the guesser which one it was.
    const right = await loginFrom(GUESSER, owner.email, PASSWORD);
    expect([right.status, right.retryAfter]).toEqual([429, String(MAX_DELAY)]);
    expect(cookieNamed(right, SESSION_COOKIE)).toBeUndefined();
  });

  it("many addresses guessing past the account's limit of consecutive failures: each one waits after its first failure", async () => {
    // 127.0.0.2 has failed 15 times; 23 more addresses add up to 5 each, past PER_ACCOUNT.
    const firstAnswers: number[] = [];
    let slowedAfterOne = 0;
    for (let host = 3; host <= 25; host++) {
      const from = `127.0.0.${host}`;
      for (let i = 0; i < PER_CLIENT; i++) {
        const res = await loginFrom(from, owner.email, wrong(1000 + host * 10 + i));
        if (i === 0) firstAnswers.push(res.status);
        if (res.status === 429) {
          expect(res.retryAfter).toBe('1');
          if (i === 1) slowedAfterOne++;
          break;
        }
        expect(res.status).toBe(401);
      }
    }
    // A client that has not been failing is never refused: every address's first attempt was answered.
    expect(firstAnswers).toEqual(Array(23).fill(401));
    expect(slowedAfterOne).toBeGreaterThan(0);
  });

  it('127.0.0.1, the owner, with the right password → 200, while every guesser still waits', async () => {
    // Past the account's ceiling the persistent guesser's waits go on doubling beyond 15 minutes.
    const guesser = await loginFrom(GUESSER, owner.email, PASSWORD);
    expect(guesser.status).toBe(429);
    expect(Number(guesser.retryAfter)).toBeGreaterThan(MAX_DELAY);
    const res = await loginFrom(OWNER_ADDRESS, owner.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(cookieNamed(res, SESSION_COOKIE)).toBeDefined();
    expect(cookieNamed(res, DEVICE_COOKIE)).toBeDefined();
  });

  it('another account from the guessing address, past the per-address ceiling, is slowed too; from elsewhere it is not', async () => {
    const other = await createLearner(t.app, t.store);
    // 127.0.0.2 counts 15 failures; a few more, on addresses with no account, take it to PER_IP.
    for (let i = 0; i < PER_IP - 15; i++) {
      const res = await loginFrom(GUESSER, `nadie-${i}@example.com`, wrong(i));
      expect(res.status).toBe(401);
    }
    const slowed = await loginFrom(GUESSER, other.email, PASSWORD);
    expect([slowed.status, slowed.retryAfter]).toEqual([429, '1']);
    expect(slowed.body).toEqual(waitFor(1));
    const unknownAccount = await loginFrom(GUESSER, 'tampoco-existe@example.com', wrong(0));
    expect([unknownAccount.status, unknownAccount.body]).toEqual([429, slowed.body]);
    expect((await loginFrom('127.0.0.30', other.email, PASSWORD)).status).toBe(200);
  });

  it('the right password from the guessing address, once its wait is over, gets in and clears its count', async () => {
    // The owner's login reset the account's count: the guesser's wait is back under the 15-minute ceiling.
    await later(MAX_DELAY);
    const res = await loginFrom(GUESSER, owner.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(cookieNamed(res, SESSION_COOKIE)).toBeDefined();
    // Its count on this account starts again; the address keeps the failures it made on other accounts, and with
    // them a wait of a second before its next attempt, whatever the account.
    const next = await loginFrom(GUESSER, owner.email, wrong(400));
    expect([next.status, next.retryAfter]).toEqual([429, '1']);
    await later(1);
    expect((await loginFrom(GUESSER, owner.email, wrong(401))).status).toBe(401);
  });
});

describe('a browser the account knows', () => {
  it('is not slowed by other failures from its address, nor by the account being under attack', async () => {
    const shared = '127.0.0.40';
    const victim = await createLearner(t.app, t.store);
    const known = await loginFrom(shared, victim.email, PASSWORD);
    expect(known.status).toBe(200);
    const device = cookieNamed(known, DEVICE_COOKIE)!;
    // Someone behind the same address fails on many accounts, the victim's among them, past every limit.
    for (let i = 0; i < PER_IP + PER_CLIENT; i++) await loginFrom(shared, i < PER_CLIENT ? victim.email : `otra-${i}@example.com`, wrong(i));
    expect((await loginFrom(shared, victim.email, PASSWORD)).status).toBe(429);
    // The victim's own browser, from the same address, is a client of its own.
    const again = await loginFrom(shared, victim.email, PASSWORD, device);
    expect(again.status).toBe(200);
    // Its own failures still count, against it alone.
    for (let i = 0; i < PER_CLIENT; i++) expect((await loginFrom(shared, victim.email, wrong(i), device)).status).toBe(401);
    const own = await loginFrom(shared, victim.email, PASSWORD, device);
    expect([own.status, own.retryAfter]).toEqual([429, '1']);
    // A device cookie of another account is just an unknown browser here.
    const stranger = await createLearner(t.app, t.store);
    const strangerDevice = cookieNamed(await loginFrom('127.0.0.41', stranger.email, PASSWORD), DEVICE_COOKIE)!;
    expect((await loginFrom(shared, victim.email, PASSWORD, strangerDevice)).status).toBe(429);
  });
});

describe('attempts that arrive together', () => {
  it('are counted as they are admitted: of 20 wrong guesses at once, exactly the free ones are checked', async () => {
    const target = await createLearner(t.app, t.store);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom('127.0.0.50', target.email, wrong(i))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(PER_CLIENT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - PER_CLIENT);
  });
});

describe('what is stored', () => {
  it('keyed hashes only: no address, e-mail or IP, not even as a plain SHA-256', async () => {
    const { rows } = await db.pool.query<{ key: Buffer; scope: string }>('SELECT key, scope FROM login_failures');
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows.map((r) => r.scope))).toEqual(new Set(['pair', 'address', 'account']));
    const text = JSON.stringify(await db.pool.query('SELECT * FROM login_failures').then((r) => r.rows));
    expect(text).not.toMatch(/127\.0\.0|@example\.com/);
    const sha256 = (s: string) => createHash('sha256').update(s).digest();
    const plain = ['127.0.0.1', GUESSER, '127.0.0.40', 'nadie-0@example.com'].map(sha256);
    for (const row of rows) for (const hash of plain) expect(row.key.equals(hash)).toBe(false);
    expect(await count(db.pool, 'SELECT count(*) AS n FROM login_throttle_key')).toBe(1);
  });
});
