import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityBySlug } from '../../../course/syllabus';
import { ROLES } from '../../../events/accounts/accounts.events';
import { CoachNoteAdded, coachNotesStreamId } from '../../../events/coach/coach.events';
import { MAX_NOTES_PER_LEARNER, TOO_MANY_NOTES } from '../../../events/coach/notes';
import { createCatalog, projections } from '../../../events/registry';
import { catchUp } from '../../../events/store/reader';
import { REDACTED } from '../../../events/store/sealing';
import { countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { COACH_ONLY, JOURNEY_CSV_COLUMNS } from './routes';

let db: TestDatabase;
let t: TestApp;
let coach: Learner;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db);
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const get = (who: Learner | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const post = (who: Learner, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });

/** A learner who rated the wheel, changed Finanzas, wrote beliefs and visions and started the deep why. */
async function activeLearner() {
  const l = await createLearner(t.app, t.store);
  const rate = (areaId: string, score: number) => post(l, '/api/activity/saveRating', { activityId: '12-areas-balance', areaId, score });
  await rate('finances', 2);
  await rate('health-fitness', 5);
  await rate('career', 3);
  await post(l, '/api/activity/markAsComplete', { activityId: '12-areas-balance' });
  await post(l, '/api/activity/saveAreaDefinition', {
    activityId: 'concientizando-areas-balance',
    areaId: 'finances',
    definition: 'El dinero se me escapa de las manos.',
  });
  await post(l, '/api/activity/markAsComplete', { activityId: 'concientizando-areas-balance' });
  await post(l, '/api/activity/saveAreaDefinition', {
    activityId: 'viendo-hacia-atras-desde-el-futuro',
    areaId: 'finances',
    definition: 'Vivo con holgura y ahorro cada mes.',
  });
  await rate('finances', 6);
  return l;
}

describe('coach routes', () => {
  it('are for coaches only: 401 without a session, 403 for learners and premium learners', async () => {
    const learner = await createLearner(t.app, t.store);
    const premium = await createLearner(t.app, t.store, { roles: [ROLES.premium] });
    for (const url of [
      '/api/coach/learners',
      `/api/coach/learners/${learner.userId}/journey`,
      `/api/coach/learners/${learner.userId}/state`,
      `/api/coach/learners/${learner.userId}/export`,
    ]) {
      expect((await get(null, url)).statusCode, url).toBe(401);
      for (const who of [learner, premium]) {
        const res = await get(who, url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe(COACH_ONLY);
      }
    }
    expect((await post(learner, `/api/coach/learners/${learner.userId}/notes`, { text: 'hola' })).statusCode).toBe(403);
  });

  it('lists learners with progress and current activity, searchable, sortable and paged', async () => {
    const l = await activeLearner();
    const username = `aprendiz-${l.userId.slice(0, 8)}`;
    const found = (await get(coach, `/api/coach/learners?search=${username}`)).json().data;
    expect(found.total).toBe(1);
    expect(found.learners[0]).toMatchObject({
      id: l.userId,
      username,
      email: l.email,
      verified: true,
      premium: false,
      currentActivity: { slug: 'viendo-hacia-atras-desde-el-futuro' },
    });
    expect(found.learners[0].progressPercent).toBeGreaterThan(0);
    expect(found.learners[0].lastActivityAt).not.toBeNull();

    const page1 = (await get(coach, '/api/coach/learners?sort=username&order=asc&pageSize=2&page=1')).json().data;
    const page2 = (await get(coach, '/api/coach/learners?sort=username&order=asc&pageSize=2&page=2')).json().data;
    expect(page1.learners).toHaveLength(2);
    const names = [...page1.learners, ...page2.learners].map((x: { username: string }) => x.username);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(page1.total).toBeGreaterThanOrEqual(3);
    // Search is a pattern of the text, not SQL: % matches only itself.
    expect((await get(coach, '/api/coach/learners?search=%25')).json().data.total).toBe(0);
  });

  it('tells the journey in plain Spanish with global positions, filterable by activity', async () => {
    const l = await activeLearner();
    const journey = (await get(coach, `/api/coach/learners/${l.userId}/journey`)).json().data;
    const descriptions = journey.events.map((e: { description: string }) => e.description);
    expect(descriptions).toContain('Calificó Finanzas con 2');
    expect(descriptions).toContain('Calificó Finanzas con 6');
    expect(descriptions).toContain(`Completó «${activityBySlug('12-areas-balance')!.title}»`);
    expect(descriptions.some((d: string) => d.startsWith('Escribió su visión para Finanzas: «Vivo con holgura'))).toBe(true);
    const positions = journey.events.map((e: { globalPosition: number }) => e.globalPosition);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const wheelOnly = (await get(coach, `/api/coach/learners/${l.userId}/journey?activity=12-areas-balance`)).json().data;
    expect(wheelOnly.events.every((e: { activity: string }) => e.activity === '12-areas-balance')).toBe(true);
    expect(wheelOnly.total).toBe(5); // four ratings and the completion

    const firstTwo = (await get(coach, `/api/coach/learners/${l.userId}/journey?limit=2`)).json().data;
    const rest = (await get(coach, `/api/coach/learners/${l.userId}/journey?after=${firstTwo.nextAfter}`)).json().data;
    expect([...firstTwo.events, ...rest.events].map((e: { globalPosition: number }) => e.globalPosition)).toEqual(positions);
    expect(rest.nextAfter).toBeNull();
  });

  it('state at the end equals the read models; at an earlier position it shows the earlier rating', async () => {
    const l = await activeLearner();
    const now = (await get(coach, `/api/coach/learners/${l.userId}/state`)).json().data;
    const ratings = (await get(l, '/api/activity/getActivityRatings?activityId=12-areas-balance')).json().data;
    expect(now.ratings).toEqual(ratings);
    const beliefs = (await get(l, '/api/activity/getAreaDefinitions?activityId=concientizando-areas-balance')).json().data.definitions;
    expect(now.beliefs).toEqual(beliefs);
    const completed = (await get(l, '/api/activity/getCompletionStatus')).json().data;
    expect([...now.completedSlugs].sort()).toEqual([...(Array.isArray(completed) ? completed : (completed.completedSlugs ?? completed.completed))].sort());
    expect(now.firstRatings.finances).toBe(2);

    const journey = (await get(coach, `/api/coach/learners/${l.userId}/journey`)).json().data.events;
    const change = journey.find((e: { description: string }) => e.description === 'Calificó Finanzas con 6');
    const before = (await get(coach, `/api/coach/learners/${l.userId}/state?at=${change.globalPosition - 1}`)).json().data;
    expect(before.ratings.finances).toBe(2);
    expect(before.visions.finances).toBe('Vivo con holgura y ahorro cada mes.');
    const atStart = (await get(coach, `/api/coach/learners/${l.userId}/state?at=0`)).json().data;
    expect(atStart).toMatchObject({ at: null, ratings: {}, completedSlugs: [] });
  });

  it('state shows a learner’s texts as deleted on the first request after their key is gone, whoever deleted it', async () => {
    const l = await activeLearner();
    await post(coach, `/api/coach/learners/${l.userId}/notes`, { text: 'Hablar de sus finanzas.' });
    const before = (await get(coach, `/api/coach/learners/${l.userId}/state`)).json().data;
    expect(before.beliefs).toEqual({ finances: 'El dinero se me escapa de las manos.' });
    // Another process forgets the learner: the key's deletion commits, no cache here is told.
    await db.pool.query("UPDATE person_keys SET key = NULL, forgotten_at = now() WHERE subject = 'user:' || $1", [l.userId]);
    const after = await get(coach, `/api/coach/learners/${l.userId}/state`);
    expect(after.statusCode).toBe(200);
    const data = after.json().data;
    expect(data.beliefs).toEqual({ finances: REDACTED });
    expect(data.visions).toEqual({ finances: REDACTED });
    expect(data.coachNotes.map((n: { text: string }) => n.text)).toEqual([REDACTED]);
    expect(data.ratings).toEqual(before.ratings);
    expect(after.body).not.toMatch(/dinero|holgura|finanzas\./);
  });

  it(`keeps at most ${MAX_NOTES_PER_LEARNER} notes on a learner: the next is a 409 in Spanish that writes nothing; other learners are not affected`, async () => {
    const l = await createLearner(t.app, t.store);
    const notes = Array.from({ length: MAX_NOTES_PER_LEARNER - 1 }, (_, i) =>
      CoachNoteAdded.create({ learnerId: l.userId, noteId: crypto.randomUUID(), coachId: coach.userId, text: `Nota ${i + 1}.` }),
    );
    await t.store.append(coachNotesStreamId(l.userId), notes, { expectedVersion: 'any' });
    const last = await post(coach, `/api/coach/learners/${l.userId}/notes`, { text: 'La última que cabe.' });
    expect(last.statusCode, last.body).toBe(200);

    const before = await countEvents(db.pool);
    const refused = await post(coach, `/api/coach/learners/${l.userId}/notes`, { text: 'Una más.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: TOO_MANY_NOTES, data: null });
    expect(await countEvents(db.pool)).toBe(before);

    const other = await createLearner(t.app, t.store);
    expect((await post(coach, `/api/coach/learners/${other.userId}/notes`, { text: 'Primera nota.' })).statusCode).toBe(200);
  });

  it('keeps private notes on the timeline for coaches only', async () => {
    const l = await activeLearner();
    const note = await post(coach, `/api/coach/learners/${l.userId}/notes`, { text: '  Le cuesta hablar de dinero; volver a esto en la sesión.  ' });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data).toMatchObject({
      stream: 'notes',
      type: 'CoachNoteAdded',
      description: 'Nota de la coach: «Le cuesta hablar de dinero; volver a esto en la sesión.»',
    });
    const state = (await get(coach, `/api/coach/learners/${l.userId}/state`)).json().data;
    expect(state.coachNotes.map((n: { text: string }) => n.text)).toEqual(['Le cuesta hablar de dinero; volver a esto en la sesión.']);
    expect((await post(coach, `/api/coach/learners/${l.userId}/notes`, { text: '   ' })).statusCode).toBe(400);

    // The learner's own export has their data and not the coach's notes.
    const mine = await get(l, '/api/me/export');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toContain('attachment');
    const body = JSON.parse(mine.body);
    expect(body.account.id).toBe(l.userId);
    expect(body.summary.ratings.finances).toBe(6);
    expect(mine.body).not.toContain('Le cuesta hablar de dinero');
    expect(body.events.length).toBeGreaterThan(5);
  });

  it('exports a journey as JSON and as CSV with documented columns', async () => {
    const l = await activeLearner();
    const json = await get(coach, `/api/coach/learners/${l.userId}/export?format=json`);
    expect(json.headers['content-type']).toContain('application/json');
    expect(JSON.parse(json.body).events.length).toBeGreaterThan(5);
    const csv = await get(coach, `/api/coach/learners/${l.userId}/export?format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(JOURNEY_CSV_COLUMNS.join(','));
    expect(lines.some((line) => line.includes('Calificó Finanzas con 2'))).toBe(true);
    expect(lines.length).toBe(JSON.parse(json.body).events.length + 1);
  });

  it('answers the funnel by page and by day for a date range, coaches only', async () => {
    const view = (page: string) => t.app.inject({ method: 'POST', url: '/api/leads/view', payload: { page } });
    await view('hielo');
    await view('hielo');
    // The analytics tables follow the log asynchronously (the server's daemon); here we catch up by hand.
    const catalog = createCatalog();
    for (const p of projections) if (p.mode === 'async') await catchUp(db.pool, catalog, p);
    const all = (await get(coach, '/api/coach/analytics/funnel')).json().data;
    expect(all.pages.find((p: { page: string }) => p.page === 'hielo')).toMatchObject({ views: 2, leads: 0 });
    const today = new Date().toISOString().slice(0, 10);
    const data = (await get(coach, `/api/coach/analytics/funnel?from=${today}&to=${today}`)).json().data;
    expect(data).toMatchObject({ from: today, to: today });
    expect(data.days).toHaveLength(1);
    expect(data.days[0].views).toBeGreaterThanOrEqual(2);
    expect((await get(coach, '/api/coach/analytics/funnel?from=ayer')).statusCode).toBe(400);
    expect((await get(await createLearner(t.app, t.store), '/api/coach/analytics/funnel')).statusCode).toBe(403);
  });

  it('answers 404 for an unknown learner', async () => {
    expect((await get(coach, '/api/coach/learners/00000000-0000-4000-8000-000000000000/state')).statusCode).toBe(404);
  });
});
