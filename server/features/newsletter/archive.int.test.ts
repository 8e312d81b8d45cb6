// The public archive read from the server: the first letters seeded once (however many processes start), published
// letters only, newest first, each at its address with its sanitized page, and cached by ETag.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_MESSAGES } from '../../../course/newsletter';
import { ROLES } from '../../../events/accounts/accounts.events';
import { count, countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { SEED_LETTERS, seedLetters } from './seed/letters';

let db: TestDatabase;
let t: TestApp;
let coach: Learner;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db);
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the archive', () => {
  it('records the first letters once, even when two processes start at once and again later', async () => {
    const [a, b] = await Promise.all([seedLetters(t.store, db.pool, log), seedLetters(t.store, db.pool, log)]);
    expect(a + b).toBe(SEED_LETTERS.length);
    expect(await seedLetters(t.store, db.pool, log)).toBe(0);
    expect(await count(db.pool, `SELECT count(*) AS n FROM letters WHERE status = 'published'`)).toBe(11);
    expect(await count(db.pool, `SELECT count(*) AS n FROM events WHERE stream_id LIKE 'letter-%'`)).toBe(22);
    const actors = await db.pool.query(`SELECT DISTINCT metadata->>'actor' AS actor FROM events WHERE stream_id LIKE 'letter-%'`);
    expect(actors.rows).toEqual([{ actor: 'system' }]);
  });

  it('lists the published letters newest first, with a plain excerpt, at the addresses they always had', async () => {
    const res = await get('/api/newsletter/letters');
    expect(res.statusCode).toBe(200);
    const letters = res.json().data;
    expect(letters).toHaveLength(11);
    expect(letters[0]).toMatchObject({ series: 'dean', slug: '2025-09-05-volver-a-empezar', title: 'Volver a empezar', publishedOn: '2025-09-05' });
    expect(letters.at(-1)).toMatchObject({ series: 'dean', slug: '2025-07-01-el-arte-de-soltar', publishedOn: '2025-07-01' });
    expect(letters.map((l: { publishedOn: string }) => l.publishedOn)).toEqual(
      [...letters.map((l: { publishedOn: string }) => l.publishedOn)].sort().reverse(),
    );
    const creencias = letters.find((l: { slug: string }) => l.slug === '2025-08-05-creencias-el-guion-que-no-elegiste');
    expect(creencias.excerpt).toMatch(/^Quizás te pasa con el dinero: ganas bien, trabajas muchísimo.*…$/);
    expect(creencias.excerpt.length).toBeLessThanOrEqual(181);
  });

  it('serves a letter’s page: its sanitized HTML, with the same words as ever', async () => {
    const res = await get('/api/newsletter/letters/meta/2025-08-05-creencias-el-guion-que-no-elegiste');
    expect(res.statusCode).toBe(200);
    const letter = res.json().data;
    expect(letter).toMatchObject({ title: 'Creencias: el guion que no elegiste', series: 'meta', publishedOn: '2025-08-05' });
    expect(letter.html).toContain('<h2>La práctica de la semana</h2>');
    expect(letter.html).toContain('<li>¿Qué me costó creer esto hasta hoy?</li>');
    expect(letter.html).toContain('Con cariño,<br>');
    expect(letter.html).not.toContain('{{');
    const quote = await get('/api/newsletter/letters/dean/2025-07-01-el-arte-de-soltar');
    expect(quote.json().data.html).toContain('<blockquote>\n<p>Lo que resistes, persiste. Lo que aceptas, se transforma.</p>\n</blockquote>');
  });

  it('answers 304 to a browser that has the current version, and a new version after a change', async () => {
    const first = await get('/api/newsletter/letters');
    const etag = String(first.headers.etag);
    expect((await get('/api/newsletter/letters', { 'if-none-match': etag })).statusCode).toBe(304);
    const page = await get('/api/newsletter/letters/dean/2025-09-05-volver-a-empezar');
    expect((await get('/api/newsletter/letters/dean/2025-09-05-volver-a-empezar', { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(304);

    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/coach/letters',
      headers: { cookie: coach.cookie },
      payload: { title: 'Un borrador', slug: 'un-borrador', series: 'meta', markdown: 'Todavía no.' },
    });
    expect(draft.statusCode).toBe(201);
    // A draft is in no one's archive, but the archive's version moved.
    expect((await get('/api/newsletter/letters')).json().data).toHaveLength(11);
    const missing = await get('/api/newsletter/letters/meta/un-borrador');
    expect([missing.statusCode, missing.json().message]).toEqual([404, LETTER_MESSAGES.notFound]);
    const published = await t.app.inject({ method: 'POST', url: `/api/coach/letters/${draft.json().data.id}/publish`, headers: { cookie: coach.cookie } });
    expect(published.statusCode).toBe(200);
    const after = await get('/api/newsletter/letters', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().data[0]).toMatchObject({ slug: 'un-borrador', publishedOn: new Date().toISOString().slice(0, 10) });
    expect((await get('/api/newsletter/letters/meta/un-borrador')).statusCode).toBe(200);
  });

  it('knows no letter at an unknown address, in a series that does not exist, or in the wrong series', async () => {
    const before = await countEvents(db.pool);
    for (const url of [
      '/api/newsletter/letters/dean/no-existe',
      '/api/newsletter/letters/test/2025-09-05-volver-a-empezar',
      '/api/newsletter/letters/meta/2025-09-05-volver-a-empezar',
    ]) {
      const res = await get(url);
      expect([res.statusCode, res.json().message]).toEqual([404, LETTER_MESSAGES.notFound]);
    }
    expect(await countEvents(db.pool)).toBe(before);
  });
});

describe("a letter's page address", () => {
  const NAVIGATION = { accept: 'text/html' };
  let buildDir: string;
  let site: Awaited<ReturnType<TestApp['buildApp']>>;

  beforeAll(async () => {
    await seedLetters(t.store, db.pool, log);
    // A build's shell and route map, as client/vite.config.ts writes them: the letter's address lists no values.
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'manifiesta-letter-pages-'));
    await mkdir(path.join(buildDir, '.vite'));
    await writeFile(path.join(buildDir, 'index.html'), '<!doctype html><html><head><title>Manifiesta</title></head><body></body></html>');
    await writeFile(path.join(buildDir, '.vite/manifest.json'), '{}');
    const routes = [
      { path: '/newsletter/:campaign/:slug', modules: [] },
      { path: '/*', modules: [] },
    ];
    await writeFile(path.join(buildDir, '.vite/routes.json'), JSON.stringify(routes));
    site = await t.buildApp({ clientDir: buildDir, config: { SERVE_CLIENT: true } });
  });
  afterAll(async () => {
    await site?.close();
    await rm(buildDir, { recursive: true, force: true });
  });

  const page = async (url: string) => (await site.inject({ method: 'GET', url, headers: NAVIGATION })).statusCode;

  it('answers 200 while a letter is published there, and 404 before, in another series, and once withdrawn', async () => {
    expect(await page('/newsletter/dean/2025-07-01-el-arte-de-soltar')).toBe(200);
    expect(await page('/newsletter/meta/2025-07-01-el-arte-de-soltar')).toBe(404);
    expect(await page('/newsletter/dean/2025-07-02-no-existe')).toBe(404);

    const coachPost = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { cookie: coach.cookie }, payload });
    const draft = await coachPost('/api/coach/letters', { title: 'Aún en borrador', slug: 'aun-en-borrador', series: 'dean', markdown: 'Pronto.' });
    const id = draft.json().data.id;
    expect(await page('/newsletter/dean/aun-en-borrador')).toBe(404);
    expect((await coachPost(`/api/coach/letters/${id}/publish`)).statusCode).toBe(200);
    expect(await page('/newsletter/dean/aun-en-borrador')).toBe(200);
    expect((await coachPost(`/api/coach/letters/${id}/unpublish`)).statusCode).toBe(200);
    expect(await page('/newsletter/dean/aun-en-borrador')).toBe(404);
  });
});
