// The coach's letters over HTTP: drafts, edits, publication, the preview and the test send, on the real PostgreSQL,
// real pg-boss workers and a real SMTP server on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_MESSAGES } from '../../../course/newsletter';
import { ROLES } from '../../../events/accounts/accounts.events';
import { countEvents, mailSettled, startMailWorkers, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import { TEST_SUBJECT_PREFIX } from './emails';

let db: TestDatabase;
let t: TestApp;
let smtp: SmtpCapture;
let removeOutbox: () => Promise<void>;
let coach: Learner;
let learner: Learner;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  db = await createTestDatabase();
  t = await startTestApp(db);
  removeOutbox = await startMailWorkers(t, db, smtp.url);
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  learner = await createLearner(t.app, t.store);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await smtp?.close();
  await removeOutbox?.();
});

const as = (who: Learner | null, key?: string) => ({ ...(who ? { cookie: who.cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) });
const LETTER = {
  title: 'Volver a empezar',
  slug: 'volver-a-empezar-prueba',
  series: 'dean',
  markdown: 'Hola.\n\nUn [enlace](/recursos-gratuitos) y <script>alert(1)</script> nada más.\n\nCon cariño,\\\nManifiesta',
};
const draft = (payload: object, who: Learner | null = coach, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/coach/letters', headers: as(who, key), payload });
const edit = (id: string, payload: object, who: Learner | null = coach) =>
  t.app.inject({ method: 'PATCH', url: `/api/coach/letters/${id}`, headers: as(who), payload });
const post = (url: string, who: Learner | null = coach, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: as(who), ...(payload ? { payload } : {}) });
const get = (url: string, who: Learner | null = coach) => t.app.inject({ method: 'GET', url, headers: as(who) });

describe('the coach’s letters', () => {
  it('saves a draft (201, its id), which the desk lists and reads and no one else can touch', async () => {
    const res = await draft(LETTER);
    expect(res.statusCode).toBe(201);
    const letter = res.json().data;
    expect(letter).toMatchObject({ ...LETTER, status: 'draft', publishedOn: null, path: '/newsletter/dean/volver-a-empezar-prueba' });
    expect(letter.id).toMatch(/^[0-9a-f-]{36}$/);
    const events = (await db.pool.query('SELECT type, data, metadata FROM events WHERE stream_id = $1', [`letter-${letter.id}`])).rows;
    expect(events).toMatchObject([{ type: 'LetterDrafted', data: LETTER, metadata: { actor: coach.userId } }]);

    expect((await get(`/api/coach/letters/${letter.id}`)).json().data).toEqual(letter);
    expect((await get('/api/coach/letters')).json().data).toContainEqual(expect.objectContaining({ id: letter.id, title: LETTER.title, status: 'draft' }));

    const before = await countEvents(db.pool);
    expect((await draft({ ...LETTER, slug: 'otra' }, null)).statusCode).toBe(401);
    expect((await draft({ ...LETTER, slug: 'otra' }, learner)).statusCode).toBe(403);
    expect((await edit(letter.id, { title: 'X' }, learner)).statusCode).toBe(403);
    expect((await get('/api/coach/letters', learner)).statusCode).toBe(403);
    expect((await get(`/api/coach/letters/${letter.id}`, learner)).statusCode).toBe(403);
    expect((await post(`/api/coach/letters/${letter.id}/publish`, learner)).statusCode).toBe(403);
    expect((await post(`/api/coach/letters/${letter.id}/test`, learner)).statusCode).toBe(403);
    expect((await post('/api/coach/letters/preview', learner, LETTER)).statusCode).toBe(403);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('refuses bad fields in Spanish and writes nothing', async () => {
    const before = await countEvents(db.pool);
    for (const [payload, message] of [
      [{ ...LETTER, title: '  ' }, LETTER_MESSAGES.title],
      [{ ...LETTER, title: 'x'.repeat(141) }, LETTER_MESSAGES.titleTooLong],
      [{ ...LETTER, slug: 'Con Mayúsculas' }, LETTER_MESSAGES.slug],
      [{ ...LETTER, slug: 'a'.repeat(81) }, LETTER_MESSAGES.slugTooLong],
      [{ ...LETTER, series: 'otra' }, LETTER_MESSAGES.series],
      [{ ...LETTER, markdown: '' }, LETTER_MESSAGES.markdown],
      [{ ...LETTER, markdown: 'x'.repeat(100_001) }, LETTER_MESSAGES.markdownTooLong],
    ] as const) {
      const res = await draft(payload);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('gives each address in a series to one letter: a second is a 409 in Spanish', async () => {
    const first = (await draft({ ...LETTER, slug: 'unica' })).json().data;
    const before = await countEvents(db.pool);
    const again = await draft({ ...LETTER, slug: 'unica' });
    expect([again.statusCode, again.json().message]).toEqual([409, LETTER_MESSAGES.slugTaken]);
    const other = (await draft({ ...LETTER, slug: 'otra-unica' })).json().data;
    const moved = await edit(other.id, { slug: 'unica' });
    expect([moved.statusCode, moved.json().message]).toEqual([409, LETTER_MESSAGES.slugTaken]);
    // The same address in the other series is another address.
    expect((await draft({ ...LETTER, slug: 'unica', series: 'meta' })).statusCode).toBe(201);
    expect(await countEvents(db.pool)).toBe(before + 2);
    expect(first.slug).toBe('unica');
  });

  it('settles two drafts with one address sent at once: one is saved, the other is a 409', async () => {
    const results = await Promise.all([draft({ ...LETTER, slug: 'a-la-vez' }), draft({ ...LETTER, slug: 'a-la-vez' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await db.pool.query(`SELECT count(*)::int AS n FROM letters WHERE slug = 'a-la-vez'`)).rows[0].n).toBe(1);
  });

  it('answers a retried draft as the first copy, with the same letter', async () => {
    const a = await draft({ ...LETTER, slug: 'reintento' }, coach, 'clave-borrador-1');
    const b = await draft({ ...LETTER, slug: 'reintento' }, coach, 'clave-borrador-1');
    expect(a.statusCode).toBe(201);
    expect(b.json().data).toEqual(a.json().data);
    expect((await draft({ ...LETTER, slug: 'otra-cosa' }, coach, 'clave-borrador-1')).statusCode).toBe(422);
  });

  it('records only what an edit changed; publishes with today’s date; keeps a published address', async () => {
    const letter = (await draft({ ...LETTER, slug: 'para-publicar' })).json().data;
    const edited = await edit(letter.id, { title: 'Un título nuevo', markdown: LETTER.markdown });
    expect(edited.json().data).toMatchObject({ title: 'Un título nuevo', markdown: LETTER.markdown });
    const same = await edit(letter.id, { title: 'Un título nuevo' });
    expect(same.json().message).toBe('No había cambios que guardar.');
    const stream = `letter-${letter.id}`;
    const types = async () => (await db.pool.query('SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position', [stream])).rows;
    expect((await types())[1]).toEqual({ type: 'LetterEdited', data: { title: 'Un título nuevo' } });

    const published = await post(`/api/coach/letters/${letter.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published', publishedOn: new Date().toISOString().slice(0, 10) });
    expect((await post(`/api/coach/letters/${letter.id}/publish`)).json().message).toBe('La carta ya estaba publicada.');
    const move = await edit(letter.id, { slug: 'a-otro-lado' });
    expect([move.statusCode, move.json().message]).toEqual([409, LETTER_MESSAGES.publishedAddress]);
    expect((await types()).map((e) => e.type)).toEqual(['LetterDrafted', 'LetterEdited', 'LetterPublished']);

    const withdrawn = await post(`/api/coach/letters/${letter.id}/unpublish`);
    expect(withdrawn.json().data).toMatchObject({ status: 'draft', publishedOn: null });
  });

  it('knows no letter it never saw: 404 in Spanish', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const res of [await get(`/api/coach/letters/${unknown}`), await edit(unknown, { title: 'X' }), await post(`/api/coach/letters/${unknown}/publish`)])
      expect([res.statusCode, res.json().message]).toEqual([404, LETTER_MESSAGES.notFound]);
    const malformed = await get('/api/coach/letters/no-es-un-id');
    expect([malformed.statusCode, malformed.json().message]).toEqual([400, LETTER_MESSAGES.notFound]);
  });

  it('previews the page and the mail without saving anything: sanitized, links marked for the funnel', async () => {
    const before = await countEvents(db.pool);
    const res = await post('/api/coach/letters/preview', coach, LETTER);
    expect(res.statusCode).toBe(200);
    const { pageHtml, mail } = res.json().data;
    expect(pageHtml).toContain('<a href="/recursos-gratuitos">enlace</a>');
    expect(pageHtml).not.toContain('script');
    expect(mail.subject).toBe(LETTER.title);
    expect(mail.html).toContain('utm_campaign=volver-a-empezar-prueba');
    expect(mail.text).toContain('/newsletter/baja');
    expect(await countEvents(db.pool)).toBe(before);
    const bad = await post('/api/coach/letters/preview', coach, { ...LETTER, slug: '' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, LETTER_MESSAGES.slug]);
  });

  it('sends a test of the saved letter to the coach’s own address, its subject marked, and no one else', async () => {
    const letter = (await draft({ ...LETTER, slug: 'de-prueba' })).json().data;
    const res = await post(`/api/coach/letters/${letter.id}/test`);
    expect(res.statusCode).toBe(202);
    const job = (await db.pool.query(`SELECT data FROM pgboss.job WHERE name = 'email.send' AND data->>'kind' = 'letter-test'`)).rows[0].data;
    expect(job).toEqual({ kind: 'letter-test', letterId: letter.id, userId: coach.userId }); // ids only
    await mailSettled(db.pool);
    const mails = smtp.received.filter((m) => m.mail.subject?.startsWith(TEST_SUBJECT_PREFIX));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.rcptTo).toEqual([coach.email.toLowerCase()]);
    expect(mails[0]!.mail.subject).toBe(`[Prueba] ${LETTER.title}`);
    expect(mails[0]!.mail.text).toContain('Con cariño,');
    expect(String(mails[0]!.mail.html)).not.toContain('<script');
  });

  it('lets the tests go as often as the per-address limit lets them arrive, then a 429 in Spanish', async () => {
    const letter = (await draft({ ...LETTER, slug: 'muchas-pruebas' })).json().data;
    // An app of its own: the limit is counted in each app's memory, and the tests above asked already.
    const app = await t.buildApp();
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await app.inject({ method: 'POST', url: `/api/coach/letters/${letter.id}/test`, headers: as(coach) });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([202, 202, 202, 429]);
    expect(last!.json().message).toMatch(/^Ya te enviaste varias pruebas en la última hora\. Podrás enviarte otra en \d+ minutos?\.$/);
  });
});
