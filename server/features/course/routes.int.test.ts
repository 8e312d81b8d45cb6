import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_ROLE } from '../../../course/rules';
import { RESOURCES } from '../../../course/resources';
import { activityById, COURSE } from '../../../course/syllabus';
import { LOCK_MESSAGES, UNKNOWN_ACTIVITY } from '../../../events/course/course';
import { startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  // Many learners log in here, all from one address: the per-address login limit is not what this file tests.
  t = await startTestApp(db, { config: { RATE_LIMIT_PER_IP: 1000 } });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const slug = (id: string) => activityById(id)!.slug;
const FREE_REQUIRED = ['1-1', '1-2', '1-3', '1-4', '1-7'].map(slug);

const status = async (l: Learner) => t.app.inject({ method: 'GET', url: '/api/activity/getCompletionStatus?_=1', headers: { cookie: l.cookie } });
const complete = (l: Learner, activityId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/activity/markAsComplete', headers: { cookie: l.cookie, ...headers }, payload: { activityId } });
const sync = (l: Learner, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/activity/syncGuestProgress', headers: { cookie: l.cookie }, payload: payload as object });
const eventsOf = async (l: Learner, type = 'ActivityCompleted') => await openedEvents(db.pool, 'stream_id = $1 AND type = $2', [`learner-${l.userId}`, type]);

describe('completion status and completing activities', () => {
  it('round trip: completing in order, the status lists the completed slugs in course order', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await status(l)).json()).toMatchObject({ success: true, data: [] });
    for (const s of ['12-areas-balance', 'concientizando-areas-balance']) expect((await complete(l, s)).statusCode).toBe(200);
    const res = await status(l);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual(['12-areas-balance', 'concientizando-areas-balance']);
  });

  it('accepts an activity id as well as a slug, and completing twice adds nothing', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await complete(l, '1-1')).json().data).toEqual(['12-areas-balance']);
    expect((await complete(l, '12-areas-balance')).statusCode).toBe(200);
    expect(await eventsOf(l)).toHaveLength(1);
  });

  it('out of order: 403 with the Spanish reason, nothing appended', async () => {
    const l = await createLearner(t.app, t.store);
    const res = await complete(l, 'viendo-hacia-atras-desde-el-futuro');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: LOCK_MESSAGES.previous, data: null });
    expect(await eventsOf(l)).toHaveLength(0);
  });

  it('a paid activity without role 7: 403 premium even with everything before it done', async () => {
    const l = await createLearner(t.app, t.store);
    for (const s of FREE_REQUIRED) expect((await complete(l, s)).statusCode).toBe(200);
    const res = await complete(l, slug('1-8'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LOCK_MESSAGES.premium);
    expect(await eventsOf(l)).toHaveLength(FREE_REQUIRED.length);
  });

  it('role 7 passes the premium lock, and the order still applies to it', async () => {
    const l = await createLearner(t.app, t.store, { roles: [PREMIUM_ROLE] });
    expect((await complete(l, slug('1-9'))).statusCode).toBe(403);
    for (const s of FREE_REQUIRED) await complete(l, s);
    expect((await complete(l, slug('1-8'))).statusCode).toBe(200);
    expect((await complete(l, slug('1-10'))).json().message).toBe(LOCK_MESSAGES.previous);
  });

  it('ignorable tools and theory never block the next activity', async () => {
    const l = await createLearner(t.app, t.store);
    for (const s of ['1-1', '1-2', '1-3', '1-4'].map(slug)) await complete(l, s);
    expect((await complete(l, 'primera-sesion-de-coaching')).statusCode).toBe(200);
  });

  it('an unknown activity is a 400; a missing or extra field is a 400; nothing appended', async () => {
    const l = await createLearner(t.app, t.store);
    const unknown = await complete(l, 'no-existe');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(UNKNOWN_ACTIVITY);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/activity/markAsComplete',
      headers: { cookie: l.cookie },
      payload: { activityId: '1-1', userId: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/activity/markAsComplete', headers: { cookie: l.cookie }, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(await eventsOf(l)).toHaveLength(0);
  });

  it('without a session: 401 in Spanish', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/activity/markAsComplete', payload: { activityId: '1-1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/sesión/);
    expect((await t.app.inject({ method: 'GET', url: '/api/activity/getCompletionStatus' })).statusCode).toBe(401);
  });

  it('a retried request with the same Idempotency-Key is recorded once', async () => {
    const l = await createLearner(t.app, t.store);
    const headers = { 'idempotency-key': 'completar-1-1-abc' };
    expect((await complete(l, '1-1', headers)).statusCode).toBe(200);
    expect((await complete(l, '1-1', headers)).statusCode).toBe(200);
    expect(await eventsOf(l)).toHaveLength(1);
  });
});

describe('guest progress sync', () => {
  it('records the guest completions the rules allow, in order, with origin guest-sync; locked ones are skipped', async () => {
    const l = await createLearner(t.app, t.store);
    // Sent out of order; applied in course order. 1-5 waits for 1-4 (not sent) and 1-8 is paid: both skipped.
    const sent = ['concientizando-areas-balance', '12-areas-balance', 'meditacion-7-fases', slug('1-8'), 'viendo-hacia-atras-desde-el-futuro'];
    const res = await sync(l, { completedSlugs: sent, activityData: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      added: 3,
      completed: ['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro'],
      skipped: ['meditacion-7-fases', slug('1-8')],
    });
    const events = await eventsOf(l);
    expect(events.map((e) => e.data.activityId)).toEqual(['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro']);
    expect(events.every((e) => e.metadata.origin === 'guest-sync')).toBe(true);
  });

  it('skips what the rules refuse: a gap in the order stops the later ones', async () => {
    const l = await createLearner(t.app, t.store);
    const res = await sync(l, { completedSlugs: ['12-areas-balance', 'viendo-hacia-atras-desde-el-futuro'], activityData: {} });
    expect(res.json().data).toMatchObject({ added: 1, skipped: ['viendo-hacia-atras-desde-el-futuro'] });
  });

  it('is idempotent: posting the same guest data twice adds nothing the second time', async () => {
    const l = await createLearner(t.app, t.store);
    const body = { completedSlugs: ['12-areas-balance', 'concientizando-areas-balance'], activityData: { '12-areas-balance': { ratings: {} } } };
    expect((await sync(l, body)).json().data.added).toBe(2);
    const again = await sync(l, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.added).toBe(0);
    expect(await eventsOf(l)).toHaveLength(2);
  });

  it('unknown slugs (in either field) or malformed shapes: 400 in Spanish and nothing written', async () => {
    const l = await createLearner(t.app, t.store);
    for (const body of [
      { completedSlugs: ['12-areas-balance', 'no-existe'], activityData: {} },
      { completedSlugs: ['12-areas-balance'], activityData: { 'no-existe': {} } },
      { completedSlugs: '12-areas-balance', activityData: {} },
      { completedSlugs: ['12-areas-balance'], activityData: [] },
      { completedSlugs: ['12-areas-balance'], activityData: {}, roles: [7] },
    ]) {
      const res = await sync(l, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    expect(await eventsOf(l)).toHaveLength(0);
  });

  it('a premium learner gets paid guest completions in order (the sync applies their roles)', async () => {
    const l = await createLearner(t.app, t.store, { roles: [PREMIUM_ROLE] });
    const res = await sync(l, { completedSlugs: [...FREE_REQUIRED, slug('1-8')], activityData: {} });
    expect(res.json().data).toMatchObject({ added: FREE_REQUIRED.length + 1, skipped: [] });
  });
});

describe('free resources', () => {
  it('serves the five cards of /recursos-gratuitos to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/resources?_=123' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ link: string; type: string }>;
    expect(data).toHaveLength(5);
    expect(data.map((r) => [r.link, r.type])).toEqual([
      ['/cursos/manifiesta/meditacion-7-fases', 'app'],
      ['/cursos/manifiesta', 'course'],
      ['/newsletter', 'newsletter'],
      ['/afirmaciones', 'ebook'],
      ['/nostalgia', 'audio'],
    ]);
    expect(data).toEqual(RESOURCES);
  });
});

it('the course has the activities the client shows (sanity of the shared data)', () => {
  expect(COURSE.modules).toHaveLength(5);
});

describe('lesson reflections', () => {
  const lesson = slug('1-11'); // 'tu-nueva-historia': a generic lesson, paid
  const save = (l: Learner, activityId: string, text: string) =>
    t.app.inject({ method: 'POST', url: '/api/activity/saveReflection', headers: { cookie: l.cookie }, payload: { activityId, text } });
  const read = (l: Learner, activityId: string) =>
    t.app.inject({ method: 'GET', url: `/api/activity/getReflection?activityId=${activityId}&_=1`, headers: { cookie: l.cookie } });

  it('saves, reads back the latest, keeps every version in the log, and records nothing for unchanged text', async () => {
    const l = await createLearner(t.app, t.store, { roles: [PREMIUM_ROLE] });
    for (const s of [...FREE_REQUIRED, slug('1-8'), slug('1-9'), slug('1-10')]) expect((await complete(l, s)).statusCode).toBe(200);
    expect((await read(l, lesson)).json().data).toEqual({ text: null, updatedAt: null });
    expect((await save(l, lesson, '  Hoy elijo contarme otra historia.  ')).statusCode).toBe(200);
    expect((await save(l, lesson, 'Hoy elijo contarme una historia de coraje.')).statusCode).toBe(200);
    expect((await save(l, lesson, 'Hoy elijo contarme una historia de coraje.')).statusCode).toBe(200);
    expect((await read(l, lesson)).json().data.text).toBe('Hoy elijo contarme una historia de coraje.');
    expect((await eventsOf(l, 'ReflectionSaved')).map((e) => e.data.text)).toEqual([
      'Hoy elijo contarme otra historia.',
      'Hoy elijo contarme una historia de coraje.',
    ]);
  });

  it('a locked lesson refuses the reflection with 403; a blank one is a 400; nothing appended', async () => {
    const l = await createLearner(t.app, t.store);
    expect((await save(l, lesson, 'Quiero escribir')).statusCode).toBe(403);
    const blank = await save(l, '12-areas-balance', '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Por favor, escribe tu reflexión.');
    expect(await eventsOf(l, 'ReflectionSaved')).toHaveLength(0);
  });

  it('guest sync turns a guest reflection into ReflectionSaved once, and skips one on a locked lesson', async () => {
    const l = await createLearner(t.app, t.store);
    const body = {
      completedSlugs: FREE_REQUIRED,
      activityData: { 'tus-sistemas-de-creencias-actuales': { reflection: 'Creo que no merezco descansar.' }, 'primera-sesion-de-coaching': {} },
    };
    const first = await sync(l, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.skipped).toEqual(['tus-sistemas-de-creencias-actuales']); // paid: locked for this learner
    expect(await eventsOf(l, 'ReflectionSaved')).toHaveLength(0);

    const premium = await createLearner(t.app, t.store, { roles: [PREMIUM_ROLE] });
    expect((await sync(premium, body)).json().data.skipped).toEqual([]);
    expect((await sync(premium, body)).json().data.added).toBe(0);
    const saved = await eventsOf(premium, 'ReflectionSaved');
    expect(saved.map((e) => [e.data.text, e.metadata.origin])).toEqual([['Creo que no merezco descansar.', 'guest-sync']]);
  });

  it('a guest reflection on any open activity (not only generic lessons) is kept, next to other data', async () => {
    const l = await createLearner(t.app, t.store);
    const res = await sync(l, {
      completedSlugs: [],
      activityData: { '12-areas-balance': { reflection: 'Empiezo por mí.', ratings: { 'health-fitness': 7 } } },
    });
    expect(res.statusCode).toBe(200);
    expect((await eventsOf(l, 'ReflectionSaved')).map((e) => [e.data.activityId, e.data.text])).toEqual([['12-areas-balance', 'Empiezo por mí.']]);
  });

  it('malformed guest data for a lesson is a 400 and writes nothing', async () => {
    const l = await createLearner(t.app, t.store);
    const res = await sync(l, { completedSlugs: ['12-areas-balance'], activityData: { 'tu-nueva-historia': { reflection: 42 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Los datos guardados de «Tu Nueva Historia» no son válidos.');
    expect(await eventsOf(l)).toHaveLength(0);
  });
});

describe('GET /api/course/lesson/{slug}: the text of an activity', () => {
  const lesson = (slugOrUrl: string, l?: Learner) =>
    t.app.inject({ method: 'GET', url: `/api/course/lesson/${slugOrUrl}`, headers: l ? { cookie: l.cookie } : {} });

  it("a paid activity's text: 401 for a guest, 403 without role 7 (in Spanish, nothing else in the answer), 200 for a premium learner", async () => {
    const guest = await lesson('teoria-5-leyes-universales');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ success: false });
    const learner = await createLearner(t.app, t.store);
    const refused = await lesson('teoria-5-leyes-universales', learner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: LOCK_MESSAGES.premium, data: null });
    for (const res of [guest, refused]) expect(res.body).not.toContain('Correspondencia');

    const premium = await createLearner(t.app, t.store, { roles: [PREMIUM_ROLE] });
    const res = await lesson('teoria-5-leyes-universales', premium);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data).toMatchObject({ slug: 'teoria-5-leyes-universales', title: 'Las 5 Leyes Universales' });
    expect(data.sections.map((s: { title: string }) => s.title)).toEqual([
      'La Ley de Vibración',
      'La Ley de Correspondencia',
      'La Ley de Causa y Efecto',
      'La Ley de Polaridad',
      'La Ley del Ritmo',
    ]);
    expect(data.sections[1]).toMatchObject({ motto: expect.any(String), example: expect.any(String), practice: expect.any(String) });
    expect(data.closing).toMatchObject({ title: 'Para llevarte' });
  });

  it('every paid activity answers 403 without role 7 and 200 with it; a free one answers everyone', async () => {
    const learner = await createLearner(t.app, t.store);
    const premium = await createLearner(t.app, t.store, { roles: [PREMIUM_ROLE] });
    for (const activity of COURSE.modules.flatMap((m) => m.activities)) {
      if (activity.isFree) {
        const res = await lesson(activity.slug);
        expect(res.statusCode, activity.slug).toBe(200);
        expect(res.json().data).toMatchObject({ slug: activity.slug, title: activity.title });
      } else {
        expect((await lesson(activity.slug)).statusCode, activity.slug).toBe(401);
        expect((await lesson(activity.slug, learner)).statusCode, activity.slug).toBe(403);
        expect((await lesson(activity.slug, premium)).statusCode, activity.slug).toBe(200);
      }
    }
  });

  it('an activity the course does not have: 404 in Spanish', async () => {
    const res = await lesson('no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Actividad no encontrada.' });
  });
});
