import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../../../course/media';
import { TESTIMONIAL_MESSAGES } from '../../../course/testimonials';
import { ROLES } from '../../../events/accounts/accounts.events';
import { REDACTED } from '../../../events/store/sealing';
import { TESTIMONIALS_STREAM } from '../../../events/testimonials/testimonials.events';
import { countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { plainImage, uploadMedia } from '../../../tests/setup/media';

let db: TestDatabase;
let t: TestApp;
let coach: Learner;
let learner: Learner;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db);
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  learner = await createLearner(t.app, t.store);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const as = (who: Learner | null) => (who ? { cookie: who.cookie } : {});
const add = (payload: object, who: Learner | null = coach) => t.app.inject({ method: 'POST', url: '/api/coach/testimonials', headers: as(who), payload });
const publicList = async (page: string) => (await t.app.inject({ method: 'GET', url: `/api/testimonials?page=${page}` })).json().data;
const coachList = async () => (await t.app.inject({ method: 'GET', url: '/api/coach/testimonials', headers: as(coach) })).json().data;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const LUCIA = { name: 'Lucía M.', text: 'Llegué sin saber qué quería y salí con un plan claro.', page: 'reprograma', consent: true };

describe('testimonials', () => {
  it('needs the client’s consent: without it, a Spanish message and nothing written', async () => {
    const before = await countEvents(db.pool);
    for (const payload of [
      { ...LUCIA, consent: false },
      { name: LUCIA.name, text: LUCIA.text, page: LUCIA.page },
    ]) {
      const res = await add(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TESTIMONIAL_MESSAGES.consent);
    }
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('refuses an empty text or an unknown page and writes nothing', async () => {
    const before = await countEvents(db.pool);
    const empty = await add({ ...LUCIA, text: '   ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, TESTIMONIAL_MESSAGES.text]);
    const page = await add({ ...LUCIA, page: 'afirmaciones' });
    expect([page.statusCode, page.json().message]).toEqual([400, TESTIMONIAL_MESSAGES.page]);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('is the coach’s alone to list and write', async () => {
    const before = await countEvents(db.pool);
    expect((await add(LUCIA, null)).statusCode).toBe(401);
    expect((await add(LUCIA, learner)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/coach/testimonials', headers: as(learner) })).statusCode).toBe(403);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('shows each page only its own, and edits move one between pages', async () => {
    const added = await add(LUCIA, coach);
    expect(added.statusCode).toBe(200);
    const lucia = added.json().data;
    expect(lucia).toMatchObject({ name: 'Lucía M.', page: 'reprograma' });
    await add({ ...LUCIA, name: 'Jorge', text: 'Aprendí a escucharme.', page: 'coaching' });

    expect(await publicList('reprograma')).toEqual([{ id: lucia.id, name: 'Lucía M.', text: LUCIA.text, photo: null }]);
    expect((await publicList('coaching')).map((x: { name: string }) => x.name)).toEqual(['Jorge']);
    expect(await publicList('hielo')).toEqual([]);
    expect((await coachList()).map((x: { name: string; page: string }) => `${x.name}@${x.page}`)).toEqual(['Lucía M.@reprograma', 'Jorge@coaching']);

    const edited = await t.app.inject({ method: 'PATCH', url: `/api/coach/testimonials/${lucia.id}`, headers: as(coach), payload: { page: 'hielo' } });
    expect(edited.statusCode).toBe(200);
    expect(await publicList('reprograma')).toEqual([]);
    expect((await publicList('hielo')).map((x: { name: string }) => x.name)).toEqual(['Lucía M.']);
  });

  it('takes an optional photo from the coach’s library, shown ready for <picture>, and clears it with null', async () => {
    const photo = (await uploadMedia(t.app, coach.cookie, await plainImage(40, 900, 900), { label: 'Sofía' })).json().data;
    const pdf = (await uploadMedia(t.app, coach.cookie, { name: 'guia.pdf', type: 'application/pdf', data: PDF })).json().data;
    expect([photo.kind, pdf.kind]).toEqual(['image', 'pdf']);

    const added = await add({ ...LUCIA, name: 'Sofía P.', page: 'about', photo: photo.id });
    expect(added.statusCode).toBe(200);
    const { id } = added.json().data;
    expect(added.json().data.photo).toBe(photo.id);
    expect((await coachList()).find((x: { id: string }) => x.id === id).photo).toBe(photo.id);
    const [shown] = await publicList('about');
    expect(shown.photo).toMatchObject({ src: photo.url, width: 900, height: 900 });
    expect(shown.photo.sources.map((s: { type: string }) => s.type)).toEqual(['image/avif', 'image/webp']);

    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/coach/testimonials/${id}`, headers: as(coach), payload });
    // A PDF, an id the library does not hold, something that is no id: a Spanish 400, nothing written, photo kept.
    const before = await countEvents(db.pool);
    for (const wrong of [pdf.id, '0190a1b2-0000-7000-8000-000000000000', 'no-es-un-id']) {
      const res = await patch({ photo: wrong });
      expect([wrong, res.statusCode, res.json().message]).toEqual([wrong, 400, MEDIA_MESSAGES.notAnImage]);
      const created = await add({ ...LUCIA, photo: wrong });
      expect([wrong, created.statusCode, created.json().message]).toEqual([wrong, 400, MEDIA_MESSAGES.notAnImage]);
    }
    expect(await countEvents(db.pool)).toBe(before);
    expect((await publicList('about'))[0].photo.src).toBe(photo.url);

    const cleared = await patch({ photo: null });
    expect([cleared.statusCode, cleared.json().data.photo]).toEqual([200, null]);
    expect((await publicList('about'))[0]).toEqual({ id, name: 'Sofía P.', text: LUCIA.text, photo: null });
    expect(await countEvents(db.pool)).toBe(before + 1);
  });

  it('removing one takes it off its page and forgets its name and text, in the log too', async () => {
    const { id } = (await add({ ...LUCIA, name: 'Carmen R.', text: 'Un texto que se va a olvidar.', page: 'masterclasses' })).json().data;
    const learnerTry = await t.app.inject({ method: 'POST', url: `/api/coach/testimonials/${id}/remove`, headers: as(learner) });
    expect(learnerTry.statusCode).toBe(403);

    const removed = await t.app.inject({ method: 'POST', url: `/api/coach/testimonials/${id}/remove`, headers: as(coach) });
    expect(removed.statusCode).toBe(200);
    expect(await publicList('masterclasses')).toEqual([]);
    expect((await coachList()).some((x: { id: string }) => x.id === id)).toBe(false);

    const events = (await t.store.readStream(TESTIMONIALS_STREAM)).filter((e) => (e.data as { testimonialId: string }).testimonialId === id);
    expect(events.map((e) => e.type)).toEqual(['TestimonialAdded', 'TestimonialRemoved']);
    expect(events[0]!.data).toMatchObject({ name: REDACTED, text: REDACTED });
    const raw = await db.pool.query("SELECT data::text AS data FROM events WHERE data::text LIKE '%olvidar%' OR data::text LIKE '%Carmen%'");
    expect(raw.rowCount).toBe(0);

    const again = await t.app.inject({ method: 'POST', url: `/api/coach/testimonials/${id}/remove`, headers: as(coach) });
    expect([again.statusCode, again.json().message]).toEqual([404, TESTIMONIAL_MESSAGES.notFound]);
  });
});
