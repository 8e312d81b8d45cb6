// The coach's subscriber list against a real PostgreSQL: counts per status, search by a part of the address, the
// status filter, pages, the CSV (safe from spreadsheet formulas), role 9 only, and an erasure that takes the row away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../events/accounts/accounts.events';
import { decideLeads, visitorFold, visitorStreamId, type LeadsCommand } from '../../../events/leads/leads';
import { handleCommand } from '../../../events/store/command';
import { leadSubject } from '../../../events/store/sealing';
import { startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { COACH_ONLY } from '../coach/routes';
import { forgetToken } from '../erasure/forget-link';
import { SUBSCRIBERS_CSV_HEADER, SUBSCRIBERS_PAGE_SIZE } from './subscriber-list';
import { loadUnsubscribeSecret, unsubscribeToken } from './unsubscribe';

let db: TestDatabase;
let t: TestApp;
let coach: Learner;
let learner: Learner;

const FORM = { page: 'Newsletter Archive', section: 'Subscription Form', status: 'Subscribed via Form' } as const;
const addLead = (email: string, nick: string, extra: object = FORM) =>
  t.app.inject({ method: 'POST', url: '/api/leads/add', payload: { email, nick, ...extra } });
const get = (who: Learner | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const list = async (query = '') => {
  const res = await get(coach, `/api/coach/subscribers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { LEAD_RATE_LIMIT_PER_IP: 10_000 } });
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  learner = await createLearner(t.app, t.store, { roles: [ROLES.premium] });
  // Pending: the form; confirmed: its link (straight through the decider here); unsubscribed: the one-click link;
  // bounced: the sender's record; a download without the box is no subscriber.
  for (const [email, nick] of [
    ['pendiente@example.com', 'Pía'],
    ['confirmada@example.com', 'Carla'],
    ['baja@example.com', 'Berta'],
    ['rebote@example.com', 'Rita'],
  ] as const)
    expect((await addLead(email, nick)).statusCode).toBe(200);
  expect((await addLead('=cmd@example.com', 'Eva', { page: 'nostalgia', section: 'fragmento', status: 'downloaded', newsletter: true })).statusCode).toBe(200);
  expect((await addLead('descarga@example.com', 'Dora', { page: 'nostalgia', section: 'fragmento', status: 'downloaded' })).statusCode).toBe(200);
  const write = (email: string, command: LeadsCommand) =>
    handleCommand(t.store, visitorStreamId(email), visitorFold, (state) => ({ events: decideLeads(command, state).events }));
  for (const email of ['confirmada@example.com', 'baja@example.com', 'rebote@example.com', '=cmd@example.com'])
    await write(email, { type: 'ConfirmSubscription' });
  const token = unsubscribeToken(await loadUnsubscribeSecret(db.pool), visitorStreamId('baja@example.com'));
  expect((await t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } })).statusCode).toBe(200);
  await write('rebote@example.com', { type: 'RecordBounce' });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('the coach’s subscriber list', () => {
  it('counts every status and lists each subscriber with her address, name, dates and source, newest first', async () => {
    const data = await list();
    expect(data.counts).toEqual({ confirmed: 2, pending: 1, unsubscribed: 1, bounced: 1 });
    expect(data.total).toBe(5);
    expect(data.page).toBe(1);
    expect(data.pageSize).toBe(SUBSCRIBERS_PAGE_SIZE);
    expect(data.subscribers.map((s: { email: string }) => s.email)).not.toContain('descarga@example.com');
    const carla = data.subscribers.find((s: { email: string }) => s.email === 'confirmada@example.com');
    expect(carla).toEqual({
      email: 'confirmada@example.com',
      name: 'Carla',
      status: 'confirmed',
      requestedAt: expect.any(String),
      confirmedAt: expect.any(String),
      unsubscribedAt: null,
      source: 'Newsletter Archive',
    });
    expect(data.subscribers.find((s: { email: string }) => s.email === 'baja@example.com')).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: expect.any(String),
    });
    expect(data.subscribers.find((s: { email: string }) => s.email === '=cmd@example.com')).toMatchObject({ source: 'nostalgia' });
    const times = data.subscribers.map((s: { requestedAt: string }) => s.requestedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('searches by a part of the address (LIKE wildcards taken literally) and filters by status; the counts stay whole', async () => {
    expect((await list('?search=CONFIRMADA')).subscribers.map((s: { email: string }) => s.email)).toEqual(['confirmada@example.com']);
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list('?search=_')).total).toBe(0);
    const bounced = await list('?status=bounced');
    expect(bounced.subscribers.map((s: { email: string }) => s.email)).toEqual(['rebote@example.com']);
    expect(bounced.counts).toEqual({ confirmed: 2, pending: 1, unsubscribed: 1, bounced: 1 });
    expect((await list('?status=confirmed&search=example')).total).toBe(2);
    expect((await list('?page=2')).subscribers).toEqual([]);
    const wrong = await get(coach, '/api/coach/subscribers?status=todas');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, message: expect.stringMatching(/estado/) });
  });

  it('gives the same list as CSV: a header row, one row per subscriber, formulas defused', async () => {
    const res = await get(coach, '/api/coach/subscribers.csv?status=confirmed');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="suscripciones-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(SUBSCRIBERS_CSV_HEADER.join(','));
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes('cmd@'))).toMatch(/^'=cmd@example\.com,Eva,Confirmada,/);
    expect(lines.find((l) => l.startsWith('confirmada@'))).toMatch(/,Formulario del newsletter$/);
  });

  it('is the coach’s only: a learner gets 403, a guest 401, and neither sees an address', async () => {
    for (const url of ['/api/coach/subscribers', '/api/coach/subscribers.csv']) {
      const asLearner = await get(learner, url);
      expect(asLearner.statusCode).toBe(403);
      expect(asLearner.json()).toEqual({ success: false, message: COACH_ONLY, data: null });
      const asGuest = await get(null, url);
      expect(asGuest.statusCode).toBe(401);
      expect(asLearner.body + asGuest.body).not.toContain('@example.com');
    }
  });

  it('loses a forgotten address', async () => {
    const forget = await forgetToken(t.store.keyring, await t.store.keyring.subjectId(leadSubject('pendiente@example.com')));
    expect((await t.app.inject({ method: 'POST', url: '/api/leads/forget', payload: { token: forget } })).statusCode).toBe(200);
    const data = await list();
    expect(data.subscribers.map((s: { email: string }) => s.email)).not.toContain('pendiente@example.com');
    expect(data.counts.pending).toBe(0);
    expect((await get(coach, '/api/coach/subscribers.csv')).body).not.toContain('pendiente@');
  });
});
