import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { visitorStreamId } from '../../../events/leads/leads';
import { visitStreamId } from '../../../events/leads/leads.events';
import { leadDailyCountsProjection } from '../../../events/leads/projections/lead-daily-counts';
import { createCatalog } from '../../../events/registry';
import { KEY_REUSED_MESSAGE } from '../../../events/store/event-store';
import { catchUp } from '../../../events/store/reader';
import { count, countEmailJobs, countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { MESSAGES } from '../../http';
import { LEAD_MESSAGES } from './routes';
import apiConventions from '../../plugins/api-conventions';
import errors from '../../plugins/errors';

const UNKNOWN_SOURCE = 'Página, sección o estado de descarga desconocidos.';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { LEAD_RATE_LIMIT_PER_IP: 10_000 } });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const lead = (overrides: Record<string, unknown> = {}) => ({
  email: 'ana@example.com',
  nick: 'Ana',
  page: 'nostalgia',
  section: 'fragmento',
  status: 'downloaded',
  ...overrides,
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/leads/add', payload: payload as object, headers });

const eventsInStream = (email: string) => count(db.pool, 'SELECT count(*) AS n FROM events WHERE stream_id = $1', [visitorStreamId(email)]);

describe('POST /api/leads/add', () => {
  it('records a valid lead: success envelope, leads row, one event, one welcome mail job', async () => {
    const jobsBefore = await countEmailJobs(db.pool);
    const res = await post(lead({ email: '  Ana.Valid@Example.COM ', nick: ' Ana Valid ' }));

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    expect(body.data).toEqual({ firstForSource: true });

    const { rows } = await db.pool.query('SELECT * FROM leads WHERE email = $1', ['ana.valid@example.com']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'ana.valid@example.com',
      nick: 'Ana Valid',
      captures: 1,
      statuses: [{ page: 'nostalgia', section: 'fragmento', status: 'downloaded' }],
    });
    expect(await count(db.pool, "SELECT count(*) AS n FROM leads WHERE email ILIKE 'ana.valid@example.com'")).toBe(1);

    const events = await openedEvents(db.pool, 'stream_id = $1', [visitorStreamId('ana.valid@example.com')]);
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('LeadCaptured');
    expect(events[0]!.data).toMatchObject({ email: 'ana.valid@example.com', nick: 'Ana Valid', firstForSource: true });
    expect(events[0]!.metadata).toMatchObject({ actor: 'visitor' });

    expect(await countEmailJobs(db.pool)).toBe(jobsBefore + 1);
    // The job names the lead by its stream; the worker reads address and name when it sends.
    const { rows: jobs } = await db.pool.query("SELECT data FROM pgboss.job WHERE name = 'email.send' AND data->>'leadId' = $1", [
      visitorStreamId('ana.valid@example.com'),
    ]);
    expect(jobs.map((j) => j.data)).toEqual([
      { kind: 'lead-welcome', leadId: visitorStreamId('ana.valid@example.com'), page: 'nostalgia', section: 'fragmento' },
    ]);
    expect(rows[0].stream_id).toBe(visitorStreamId('ana.valid@example.com'));
  });

  it('records a second capture of the same source without a second welcome job; another source gets one', async () => {
    const email = 'repeat@example.com';
    const first = await post(lead({ email }));
    expect(first.statusCode).toBe(200);
    const jobsAfterFirst = await countEmailJobs(db.pool);

    const second = await post(lead({ email: 'Repeat@Example.com', nick: 'Ana otra vez' }));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ success: true, status: 'success', data: { firstForSource: false } });
    expect(await countEmailJobs(db.pool)).toBe(jobsAfterFirst);
    expect(await eventsInStream(email)).toBe(2);
    const { rows } = await db.pool.query('SELECT captures, nick, statuses FROM leads WHERE email = $1', [email]);
    expect(rows[0]).toMatchObject({ captures: 2, nick: 'Ana otra vez' });
    expect(rows[0].statuses).toHaveLength(1);

    const other = await post(lead({ email, page: 'niveles', section: 'pdf' }));
    expect(other.json().data).toEqual({ firstForSource: true });
    expect(await countEmailJobs(db.pool)).toBe(jobsAfterFirst + 1);
  });

  it('accepts the newsletter form source', async () => {
    const res = await post(lead({ email: 'news@example.com', page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('success');
  });

  describe('rejects with a Spanish 400 and writes nothing', () => {
    const cases: Array<{ name: string; payload: unknown; raw?: boolean; message: string | RegExp }> = [
      { name: 'a bad e-mail', payload: lead({ email: 'no-es-un-email' }), message: 'Ingresa un email válido.' },
      { name: 'an e-mail without dot after the at sign', payload: lead({ email: 'ana@example' }), message: 'Ingresa un email válido.' },
      {
        name: 'a missing e-mail',
        payload: { nick: 'Ana', page: 'nostalgia', section: 'fragmento', status: 'downloaded' },
        message: 'Ingresa un email válido.',
      },
      { name: 'a blank nick', payload: lead({ email: 'blank@example.com', nick: '   ' }), message: 'Tu nombre es obligatorio.' },
      { name: 'an unknown page', payload: lead({ email: 'page@example.com', page: 'otra' }), message: UNKNOWN_SOURCE },
      {
        name: 'a page/section pair that does not exist (afirmaciones+pdf)',
        payload: lead({ email: 'pair@example.com', page: 'afirmaciones', section: 'pdf' }),
        message: UNKNOWN_SOURCE,
      },
      {
        name: 'a status that does not belong to the source',
        payload: lead({ email: 'st@example.com', status: 'Subscribed via Form' }),
        message: UNKNOWN_SOURCE,
      },
      { name: 'an unknown extra field', payload: lead({ email: 'roles@example.com', roles: [7] }), message: /roles/ },
      { name: 'malformed JSON', payload: '{"email": "json@example.com", "nick": ', raw: true, message: MESSAGES.badJson },
    ];

    for (const c of cases) {
      it(c.name, async () => {
        const eventsBefore = await countEvents(db.pool);
        const jobsBefore = await countEmailJobs(db.pool);
        const leadsBefore = await count(db.pool, 'SELECT count(*) AS n FROM leads');

        const res = c.raw
          ? await t.app.inject({ method: 'POST', url: '/api/leads/add', payload: c.payload as string, headers: { 'content-type': 'application/json' } })
          : await post(c.payload);

        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(Object.keys(body).sort()).toEqual(['data', 'message', 'success']);
        expect(body.success).toBe(false);
        expect(body.data).toBeNull();
        if (typeof c.message === 'string') expect(body.message).toBe(c.message);
        else expect(body.message).toMatch(c.message);
        expect(body.message).not.toMatch(/\b(Invalid|Expected|Required|Unrecognized|Unexpected)\b/);

        expect(await countEvents(db.pool)).toBe(eventsBefore);
        expect(await countEmailJobs(db.pool)).toBe(jobsBefore);
        expect(await count(db.pool, 'SELECT count(*) AS n FROM leads')).toBe(leadsBefore);
      });
    }
  });

  it('writes once for the same Idempotency-Key and answers 200 both times', async () => {
    const email = 'idem@example.com';
    const headers = { 'idempotency-key': 'lead-retry-0001' };
    const jobsBefore = await countEmailJobs(db.pool);

    const a = await post(lead({ email }), headers);
    const b = await post(lead({ email }), headers);

    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ success: true, status: 'success', data: { firstForSource: true } });
    expect(b.json()).toEqual(a.json());
    expect(await eventsInStream(email)).toBe(1);
    expect(await countEmailJobs(db.pool)).toBe(jobsBefore + 1);
    expect((await db.pool.query('SELECT captures FROM leads WHERE email = $1', [email])).rows[0].captures).toBe(1);

    // Without the key (or with another one) the same request is a new capture.
    const c = await post(lead({ email }), { 'idempotency-key': 'lead-retry-0002' });
    expect(c.json().data).toEqual({ firstForSource: false });
    expect(await eventsInStream(email)).toBe(2);
  });

  it('refuses an Idempotency-Key reused for another address, without writing', async () => {
    const headers = { 'idempotency-key': 'lead-reuse-0001' };
    expect((await post(lead({ email: 'reuse-a@example.com' }), headers)).statusCode).toBe(200);
    const eventsBefore = await countEvents(db.pool);
    const res = await post(lead({ email: 'reuse-b@example.com' }), headers);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: KEY_REUSED_MESSAGE, data: null });
    expect(await countEvents(db.pool)).toBe(eventsBefore);
    expect(await eventsInStream('reuse-b@example.com')).toBe(0);
  });

  it('counts the captures per UTC day in lead_daily_counts after catchUp', async () => {
    const catalog = createCatalog();
    await catchUp(db.pool, catalog, leadDailyCountsProjection);
    const before = await count(db.pool, "SELECT coalesce(sum(captures), 0) AS n FROM lead_daily_counts WHERE page = 'afirmaciones' AND section = 'ebook'");
    expect(before).toBe(0);

    const utcDay = () => new Date().toISOString().slice(0, 10);
    const firstDay = utcDay();
    for (const email of ['day1@example.com', 'day2@example.com', 'day1@example.com']) {
      expect((await post(lead({ email, page: 'afirmaciones', section: 'ebook' }))).statusCode).toBe(200);
    }
    // Async: nothing yet until the projection runs.
    expect(await count(db.pool, "SELECT count(*) AS n FROM lead_daily_counts WHERE page = 'afirmaciones' AND section = 'ebook'")).toBe(0);

    await catchUp(db.pool, catalog, leadDailyCountsProjection);
    // The expected rows: the captures grouped by the UTC day the store recorded them (one day, unless the
    // test straddles midnight UTC).
    const { rows: expected } = await db.pool.query(
      `SELECT to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS captures FROM events
       WHERE type = 'LeadCaptured' AND data->>'page' = 'afirmaciones' AND data->>'section' = 'ebook' GROUP BY 1 ORDER BY 1`,
    );
    const { rows } = await db.pool.query(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day, captures FROM lead_daily_counts WHERE page = 'afirmaciones' AND section = 'ebook' ORDER BY day",
    );
    expect(rows).toEqual(expected);
    expect(rows.reduce((n, r) => n + r.captures, 0)).toBe(3);
    for (const row of rows) expect([firstDay, utcDay()]).toContain(row.day); // today's row (UTC)

    // Every capture of the file is counted exactly once, and a second catchUp adds nothing.
    const total = await count(db.pool, "SELECT count(*) AS n FROM events WHERE type = 'LeadCaptured'");
    expect(await count(db.pool, 'SELECT sum(captures) AS n FROM lead_daily_counts')).toBe(total);
    expect(await catchUp(db.pool, catalog, leadDailyCountsProjection)).toBe(0);
    expect(await count(db.pool, 'SELECT sum(captures) AS n FROM lead_daily_counts')).toBe(total);
  });
});

describe('API conventions', () => {
  it('every /api response carries cache-control: no-store and an x-request-id', async () => {
    const responses = [
      await post(lead({ email: 'headers@example.com' })),
      await post(lead({ email: 'bad' })),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
    ];
    const ids = new Set<string>();
    for (const res of responses) {
      expect(res.headers['cache-control']).toBe('no-store');
      const id = res.headers['x-request-id'];
      expect(typeof id).toBe('string');
      expect((id as string).length).toBeGreaterThanOrEqual(8);
      ids.add(id as string);
    }
    expect(ids.size).toBe(responses.length);
  });

  it('echoes a well-formed incoming x-request-id and replaces a malformed one', async () => {
    const good = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'req-abcdef-123456' } });
    expect(good.headers['x-request-id']).toBe('req-abcdef-123456');
    const bad = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id <script>' } });
    expect(bad.headers['x-request-id']).not.toBe('bad id <script>');
    expect(bad.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
  });

  it('GET /api/health with a cache-busting parameter reports database and queue ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health?_=1700000000000' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ database: 'ok', queue: 'ok' });
    expect(Number.isInteger(body.data.uptimeSeconds)).toBe(true);
  });

  it('drops cache-busting GET parameters before validation, even for a route with a strict query', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errors);
    await app.register(apiConventions);
    app.get('/api/strict', { schema: { querystring: z.strictObject({ q: z.string().optional() }) } }, async (request) => ({ query: request.query }));
    try {
      const res = await app.inject({ method: 'GET', url: '/api/strict?q=x&_=1700000000000&t=1&ts=2&timestamp=3' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ query: { q: 'x' } });
      const other = await app.inject({ method: 'GET', url: '/api/strict?other=1' });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ success: false, data: null });
      expect(other.json().message).toContain('other');
    } finally {
      await app.close();
    }
  });

  it('an unknown /api path is a 404 with the Spanish envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-existe'],
      ['POST', '/api/leads/otra'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.notFound, data: null });
    }
  });
});

describe('unexpected errors', () => {
  let broken: TestApp;

  beforeAll(async () => {
    broken = await startTestApp(db, {
      wrapStore: (store) => ({
        ...store,
        append: async () => {
          throw new Error('secret failure in /work/main/events/store/event-store.ts with ana@example.com');
        },
      }),
    });
  });

  afterAll(async () => {
    await broken?.close();
  });

  it('a 500 carries only the generic Spanish message, never the error or its stack', async () => {
    const eventsBefore = await countEvents(db.pool);
    const res = await broken.app.inject({ method: 'POST', url: '/api/leads/add', payload: lead({ email: 'boom@example.com' }) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.internal, data: null });
    expect(res.body).not.toMatch(/\bat \S+ \(|\bat .+:\d+:\d+/);
    expect(res.body).not.toContain('secret failure');
    expect(res.body).not.toContain('event-store');
    expect(res.body).not.toContain('stack');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(await countEvents(db.pool)).toBe(eventsBefore);
  });
});

describe('newsletter, visitors and page views', () => {
  const subscribe = (email: string, headers: Record<string, string> = {}) =>
    post(lead({ email, nick: 'Lucía', page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' }), headers);
  const view = (payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/leads/view', payload, headers });
  const visitorCookie = (res: { headers: Record<string, unknown> }) => {
    const set = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []).find((c) => c.startsWith('mf_visitor='));
    return set?.split(';')[0];
  };

  it('a repeated subscription while its confirmation is pending writes nothing and says so (decision 0016)', async () => {
    const first = await subscribe('lucia.news@example.com');
    expect(first.json()).toMatchObject({ success: true, message: LEAD_MESSAGES.subscribed, data: { firstForSource: true } });
    const before = await countEvents(db.pool);
    const jobs = await countEmailJobs(db.pool);
    const again = await subscribe('Lucia.News@example.com');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, status: 'success', message: LEAD_MESSAGES.confirmationPending, data: { firstForSource: false } });
    expect(await countEvents(db.pool)).toBe(before);
    expect(await countEmailJobs(db.pool)).toBe(jobs);
  });

  it('records a page view under a first-party visitor cookie, and ties a later lead to the same visitor', async () => {
    const first = await view({ page: 'nostalgia' });
    expect(first.json()).toMatchObject({ success: true, data: { recorded: true } });
    const cookie = visitorCookie(first)!;
    expect(cookie).toMatch(/^mf_visitor=[0-9a-f-]{36}$/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/);
    const visitorId = cookie.split('=')[1]!;

    const second = await view({ page: 'afirmaciones', section: 'pago-promo' }, { cookie });
    expect(visitorCookie(second)).toBeUndefined(); // the browser keeps its id
    const views = await openedEvents(db.pool, 'stream_id = $1', [visitStreamId(visitorId)]);
    expect(views.map((r) => r.data)).toEqual([
      { visitorId, page: 'nostalgia' },
      { visitorId, page: 'afirmaciones', section: 'pago-promo' },
    ]);

    await post(lead({ email: 'visita@example.com' }), { cookie });
    const captured = await openedEvents(db.pool, "stream_id = $1 AND type = 'LeadCaptured'", [visitorStreamId('visita@example.com')]);
    expect(captured[0]!.data.visitorId).toBe(visitorId);
  });

  it('honours Do-Not-Track and Global Privacy Control: nothing recorded, no cookie', async () => {
    const before = await countEvents(db.pool);
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
      const res = await view({ page: 'reprograma' }, headers);
      expect(res.json()).toMatchObject({ success: true, data: { recorded: false } });
      expect(visitorCookie(res)).toBeUndefined();
    }
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('refuses unknown pages with a Spanish message', async () => {
    const res = await view({ page: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Página desconocida.');
  });

  it('rate-limits lead forms per client address', async () => {
    const limited = await startTestApp(db, { config: { LEAD_RATE_LIMIT_PER_IP: 3 } });
    try {
      const send = (i: number, remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/leads/add', remoteAddress, payload: lead({ email: `limite${i}@example.com` }) });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await send(i, '198.51.100.7')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await send(9, '198.51.100.7');
      expect(refused.json().message).toBe(MESSAGES.tooManyRequests);
      expect((await send(10, '198.51.100.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
