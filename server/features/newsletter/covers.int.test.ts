// A letter's cover on the real app, queue and SMTP: only a JPEG or PNG image of the coach's library is taken (any
// other id is a Spanish 400 that writes nothing); the desk, the public letter, the preview, the test send and the
// send to subscribers show it (in the mail's HTML, never in its text); the library keeps a file a letter uses; a
// rebuild from the log keeps it.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_MESSAGES } from '../../../course/newsletter';
import { ROLES } from '../../../events/accounts/accounts.events';
import { createCatalog, projections } from '../../../events/registry';
import { rebuildProjections } from '../../../events/store/reader';
import { countEvents, mailSettled, startMailWorkers, startTestApp, TEST_CONFIG, waitFor, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { plainImage, uploadMedia, type UploadedFile } from '../../../tests/setup/media';
import { startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp';
import { addSubscribers } from '../../../tests/setup/subscribers';
import { TEST_SUBJECT_PREFIX } from './emails';

let db: TestDatabase;
let t: TestApp;
let smtp: SmtpCapture;
let removeOutbox: () => Promise<void>;
let coach: Learner;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { RATE_LIMIT_WRITES_PER_USER: 1_000, RATE_LIMIT_WRITES_BURST: 1_000 } });
  removeOutbox = await startMailWorkers(t, db, smtp.url, { letters: { ratePerMinute: 100_000 } });
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  await addSubscribers(t.store, 'portada', 2);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
  await smtp?.close();
  await removeOutbox?.();
});

const headers = () => ({ cookie: coach.cookie });
const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: headers(), ...(payload ? { payload } : {}) });
const patch = (id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/coach/letters/${id}`, headers: headers(), payload });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: headers() });
const removeMedia = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/coach/media/${id}`, headers: headers() });

type Uploaded = { id: string; url: string; contentType: string; width: number; height: number; variants: Array<{ url: string; type: string }> };
const upload = async (file: UploadedFile): Promise<Uploaded> => {
  const res = await uploadMedia(t.app, coach.cookie, file, { label: 'Portada' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

let n = 0;
const letter = (extra: object = {}) => ({ title: `Con portada ${++n}`, slug: `con-portada-${n}`, series: 'dean', markdown: 'Hola.\n\nUn abrazo.', ...extra });
const absolute = (path: string) => new URL(path, TEST_CONFIG.publicUrl).toString();

let image: Uploaded;
beforeAll(async () => {
  image = await upload(await plainImage(31, 900, 500));
});

describe('a letter’s cover', () => {
  it('takes only a JPEG or PNG image of the library: anything else is a Spanish 400 and nothing is written', async () => {
    const mp3 = readFileSync(new URL('../../../client/public/audio/meditation/bell-start.mp3', import.meta.url));
    const audio = await upload({ name: 'campana.mp3', type: 'audio/mpeg', data: mp3 });
    const webp = await upload({
      name: 'foto.webp',
      type: 'image/webp',
      data: await sharp((await plainImage(33)).data)
        .webp()
        .toBuffer(),
    });
    const saved = (await post('/api/coach/letters', letter())).json().data;
    const before = await countEvents(db.pool);
    for (const [cover, message] of [
      ['0190a1b2-0000-7000-8000-000000000000', LETTER_MESSAGES.cover],
      [audio.id, LETTER_MESSAGES.cover],
      ['no-es-un-id', LETTER_MESSAGES.cover],
      [webp.id, LETTER_MESSAGES.coverFormat],
    ]) {
      for (const res of [
        await post('/api/coach/letters', letter({ cover })),
        await patch(saved.id, { cover }),
        await post('/api/coach/letters/preview', letter({ cover })),
      ])
        expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await countEvents(db.pool)).toBe(before);
    expect((await get(`/api/coach/letters/${saved.id}`)).json().data.cover).toBeNull();
  });

  it('is saved with the letter and shown on the desk, on the letter’s page and in the preview; the mail has it in its HTML only', async () => {
    const body = letter({ cover: image.id });
    const created = await post('/api/coach/letters', body);
    expect(created.statusCode).toBe(201);
    const saved = created.json().data;
    expect(saved.cover).toEqual({ id: image.id, image: expect.objectContaining({ src: image.url, width: 900, height: 500 }) });
    expect(saved.cover.image.sources.map((s: { type: string }) => s.type)).toEqual(['image/avif', 'image/webp']);
    const events = (await db.pool.query('SELECT data FROM events WHERE stream_id = $1', [`letter-${saved.id}`])).rows;
    expect(events).toEqual([{ data: body }]);

    // The page of the archive, once published.
    expect((await post(`/api/coach/letters/${saved.id}/publish`)).statusCode).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: `/api/newsletter/letters/dean/${body.slug}` })).json().data;
    expect(page.cover).toEqual(saved.cover.image);

    // The preview: the page's image, and the main file (a PNG) at its absolute address atop the mail's text.
    const preview = (await post('/api/coach/letters/preview', body)).json().data;
    expect(preview.cover).toEqual(saved.cover.image);
    const img = `<img src="${absolute(image.url)}" alt="" width="456" style="display:block;width:100%;max-width:456px;height:auto;`;
    expect(preview.mail.html).toContain(img);
    expect(preview.mail.html.indexOf(img)).toBeLessThan(preview.mail.html.indexOf('Hola.'));
    expect(preview.mail.text).not.toContain('/media/');
    for (const variant of image.variants) expect(preview.mail.html).not.toContain(variant.url);

    // Without it, nothing.
    const bare = (await post('/api/coach/letters/preview', letter())).json().data;
    expect([bare.cover, bare.mail.html.includes('<img')]).toEqual([null, false]);
  });

  it('goes in the test send and the send to the subscribers, as it was when the send was scheduled', async () => {
    const body = letter({ cover: image.id });
    const saved = (await post('/api/coach/letters', body)).json().data;
    expect((await post(`/api/coach/letters/${saved.id}/test`)).statusCode).toBe(202);
    await mailSettled(db.pool);
    const test = smtp.received.find((m) => m.mail.subject === `${TEST_SUBJECT_PREFIX}${body.title}`);
    expect(String(test?.mail.html)).toContain(`<img src="${absolute(image.url)}" alt=""`);
    expect(test?.mail.text).not.toContain('/media/');

    expect((await post(`/api/coach/letters/${saved.id}/send`, {})).statusCode).toBe(200);
    // Taken off the letter right after: the send still carries the cover it was scheduled with.
    expect((await patch(saved.id, { cover: null })).statusCode).toBe(200);
    await waitFor(async () => (await get(`/api/coach/letters/${saved.id}`)).json().data.send?.state === 'completed', { what: 'the send to complete' });
    const sent = smtp.received.filter((m) => m.mail.subject === body.title);
    expect(sent).toHaveLength(2);
    for (const mail of sent) {
      expect(String(mail.mail.html)).toContain(`<img src="${absolute(image.url)}" alt=""`);
      expect(mail.mail.text).not.toContain('/media/');
    }
  });

  it('keeps its file in the library while a letter uses it, saying which; once taken off, the file can go', async () => {
    const own = await upload(await plainImage(77, 640, 360));
    const body = letter({ cover: own.id, title: 'Lo que sostiene' });
    const saved = (await post('/api/coach/letters', body)).json().data;
    const before = await countEvents(db.pool);
    const refused = await removeMedia(own.id);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'Esta imagen es la portada de la carta «Lo que sostiene»: quítala de esa carta en Newsletter antes de borrarla.',
    ]);
    expect(await countEvents(db.pool)).toBe(before);
    expect((await get(own.url)).statusCode).toBe(200);

    const removed = await patch(saved.id, { cover: null });
    expect([removed.statusCode, removed.json().data.cover]).toEqual([200, null]);
    const events = (await db.pool.query('SELECT data FROM events WHERE stream_id = $1 ORDER BY stream_position', [`letter-${saved.id}`])).rows;
    expect(events.at(-1)).toEqual({ data: { cover: null } });
    expect((await removeMedia(own.id)).statusCode).toBe(200);
  });

  it('stays the same after a rebuild of the read models from the log', async () => {
    const covered = (await post('/api/coach/letters', letter({ cover: image.id }))).json().data;
    const changed = (await post('/api/coach/letters', letter({ cover: image.id }))).json().data;
    expect((await patch(changed.id, { cover: null })).statusCode).toBe(200);
    const rows = async () => (await db.pool.query('SELECT id, cover FROM letters ORDER BY id')).rows;
    const sends = async () => (await db.pool.query('SELECT send_id, cover FROM letter_sends ORDER BY send_id')).rows;
    const [letters, sent] = [await rows(), await sends()];
    expect(letters).toContainEqual({ id: covered.id, cover: image.id });
    expect(letters).toContainEqual({ id: changed.id, cover: null });
    expect(sent.some((s) => s.cover === image.id)).toBe(true);

    await rebuildProjections(db.pool, createCatalog(), projections);
    expect(await rows()).toEqual(letters);
    expect(await sends()).toEqual(sent);
    expect((await get(`/api/coach/letters/${covered.id}`)).json().data.cover.id).toBe(image.id);
  });
});
