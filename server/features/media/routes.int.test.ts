import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES, MEDIA_MESSAGES } from '../../../course/media';
import { ROLES } from '../../../events/accounts/accounts.events';
import { createCatalog, projections } from '../../../events/registry';
import { rebuildProjections } from '../../../events/store/reader';
import { count, countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { multipart, MULTIPART_TYPE, plainImage, uploadMedia, type UploadedFile } from '../../../tests/setup/media';

let db: TestDatabase;
let t: TestApp;
let coach: Learner;
let learner: Learner;
beforeAll(async () => {
  db = await createTestDatabase();
  // The coach uploads, sets and deletes more files here in a minute than the write limit lets a person do.
  t = await startTestApp(db, { config: { RATE_LIMIT_WRITES_PER_USER: 1_000, RATE_LIMIT_WRITES_BURST: 1_000 } });
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  learner = await createLearner(t.app, t.store);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const upload = (file: UploadedFile | null, who: Learner | null = coach, fields: Record<string, string> = {}) =>
  uploadMedia(t.app, who?.cookie ?? null, file, fields);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const counts = async () => ({
  events: await countEvents(db.pool),
  blobs: await count(db.pool, 'SELECT count(*) AS n FROM media_blobs'),
  media: await count(db.pool, 'SELECT count(*) AS n FROM media'),
});

/** A 400×200 photo, red on its left half and blue on its right, saved by a camera held sideways (EXIF orientation 6, with GPS). */
async function sidewaysPhoto(): Promise<Buffer> {
  const width = 400;
  const height = 200;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(x < width / 2 ? [220, 20, 20] : [20, 20, 220], (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'Cámara de prueba', Copyright: 'secreto' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '34/1 36/1 0/1' } })
    .toBuffer();
}

const MP3 = readFileSync(new URL('../../../client/public/audio/meditation/bell-start.mp3', import.meta.url));
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

describe('the media library', () => {
  it('takes a photo turned upright, without its EXIF or GPS, with smaller WebP and AVIF copies, and serves it for good', async () => {
    const photo = await sidewaysPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload({ name: 'retrato.jpg', type: 'image/jpeg', data: photo }, coach, { label: 'Mi retrato' });
    expect(res.statusCode).toBe(200);
    const item = res.json().data;
    expect(item).toMatchObject({ kind: 'image', label: 'Mi retrato', width: 200, height: 400, contentType: 'image/jpeg' });
    expect(item.url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);

    const served = await get(item.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers.etag).toBe(`"${item.url.slice(7, 71)}"`);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([200, 400, undefined, undefined]);
    expect(served.rawPayload.includes('secreto')).toBe(false);
    // Upright: what was the left (red) half is now on top.
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(100, 20)[0]).toBeGreaterThan(180);
    expect(at(100, 380)[2]).toBeGreaterThan(180);

    expect((await get(item.url, { 'if-none-match': served.headers.etag as string })).statusCode).toBe(304);
    // 200 wide: one copy at its own width in each format, never enlarged.
    expect(item.variants.map((v: { type: string; width: number }) => `${v.type} ${v.width}`).sort()).toEqual(['image/avif 200', 'image/webp 200']);
    for (const v of item.variants) {
      const copy = await get(v.url);
      expect([copy.statusCode, copy.headers['content-type']]).toEqual([200, v.type]);
      expect((await sharp(copy.rawPayload).metadata()).exif).toBeUndefined();
    }
  });

  it('makes 320, 640 and 1280 copies of a large image', async () => {
    const big = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c96' } })
      .png()
      .toBuffer();
    const item = (await upload({ name: 'retiro.png', type: 'image/png', data: big })).json().data;
    expect([item.width, item.height, item.contentType]).toEqual([2000, 1000, 'image/png']);
    expect(item.variants.filter((v: { type: string }) => v.type === 'image/webp').map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([
      [320, 160],
      [640, 320],
      [1280, 640],
    ]);
  });

  it('keeps an audio as uploaded, with its duration, and serves it in ranges so that it seeks', async () => {
    const res = await upload({ name: 'campana.mp3', type: 'audio/mpeg', data: MP3 });
    expect(res.statusCode).toBe(200);
    const item = res.json().data;
    expect(item).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg', bytes: MP3.length, width: null });
    expect(item.durationSeconds).toBeGreaterThan(5);
    expect(item.durationSeconds).toBeLessThan(6);

    const whole = await get(item.url);
    expect([whole.statusCode, whole.headers['content-type'], whole.headers['accept-ranges']]).toEqual([200, 'audio/mpeg', 'bytes']);
    expect(Buffer.compare(whole.rawPayload, MP3)).toBe(0);

    const part = await get(item.url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${MP3.length}`);
    expect(Buffer.compare(part.rawPayload, MP3.subarray(100, 200))).toBe(0);
    const tail = await get(item.url, { range: 'bytes=-10' });
    expect([tail.statusCode, tail.headers['content-range']]).toEqual([206, `bytes ${MP3.length - 10}-${MP3.length - 1}/${MP3.length}`]);
    expect(Buffer.compare(tail.rawPayload, MP3.subarray(-10))).toBe(0);
    const open = await get(item.url, { range: `bytes=${MP3.length - 5}-` });
    expect(open.rawPayload.length).toBe(5);

    const beyond = await get(item.url, { range: `bytes=${MP3.length}-` });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${MP3.length}`]);

    // Over a real socket: the injected response counts the (empty) body itself.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const head = await fetch(`${address}${item.url}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.headers.get('content-type'), await head.text()]).toEqual([
      200,
      String(MP3.length),
      'audio/mpeg',
      '',
    ]);
  });

  it('keeps a video as uploaded, with its duration; a video cut short is refused in Spanish and nothing is stored', async () => {
    const video = readFileSync(new URL('../../../tests/fixtures/video.webm', import.meta.url));
    const res = await upload({ name: 'clase.webm', type: 'video/webm', data: video });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data;
    expect(item).toMatchObject({ kind: 'video', contentType: 'video/webm', bytes: video.length, width: null });
    expect(item.durationSeconds).toBeGreaterThan(10);
    const served = await get(item.url, { range: 'bytes=0-1023' });
    expect(served.statusCode).toBe(206);
    expect(served.rawPayload.equals(video.subarray(0, 1024))).toBe(true);

    const before = await counts();
    const cut = await upload({ name: 'cortado.webm', type: 'video/webm', data: video.subarray(0, 200) });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(MEDIA_MESSAGES.brokenVideo);
    expect(await counts()).toEqual(before);
  });

  it('keeps a PDF, and the same bytes twice are one blob', async () => {
    const before = await counts();
    const first = await upload({ name: 'guia.pdf', type: 'application/pdf', data: PDF }, coach, { label: 'Guía' });
    expect(first.statusCode).toBe(200);
    const second = await upload({ name: 'otra-guia.pdf', type: 'application/octet-stream', data: PDF });
    expect(second.json().data.url).toBe(first.json().data.url);
    expect(await counts()).toEqual({ events: before.events + 2, blobs: before.blobs + 1, media: before.media + 2 });
    const served = await get(first.json().data.url);
    expect([served.statusCode, served.headers['content-type'], served.body]).toEqual([200, 'application/pdf', PDF.toString()]);

    // An image uploaded again is re-encoded to the same bytes: no new blob either.
    const photo = await sidewaysPhoto();
    await upload({ name: 'a.jpg', type: 'image/jpeg', data: photo });
    const blobs = (await counts()).blobs;
    await upload({ name: 'b.jpg', type: 'image/jpeg', data: photo });
    expect((await counts()).blobs).toBe(blobs);
  });

  it('lists the library newest first, for the coach alone', async () => {
    const list = await get('/api/coach/media', { cookie: coach.cookie });
    expect(list.statusCode).toBe(200);
    const items = list.json().data as Array<{ uploadedAt: string; kind: string }>;
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.map((i) => i.uploadedAt)).toEqual([...items.map((i) => i.uploadedAt)].sort().reverse());
    expect((await get('/api/coach/media')).statusCode).toBe(401);
    expect((await get('/api/coach/media', { cookie: learner.cookie })).statusCode).toBe(403);

    // Rebuilt from the log, the library is the same, and every file it names is still served (blobs are kept).
    const blobs = await counts();
    await rebuildProjections(db.pool, createCatalog(), projections);
    expect((await get('/api/coach/media', { cookie: coach.cookie })).json().data).toEqual(list.json().data);
    expect(await counts()).toEqual(blobs);
    for (const item of list.json().data as Array<{ url: string }>) expect((await get(item.url)).statusCode).toBe(200);
  });

  it('refuses bad files with a Spanish message and stores nothing', async () => {
    const photo = await sidewaysPhoto();
    const cases: Array<[string, { name: string; type: string; data: Buffer } | null, Learner | null, number, string]> = [
      ['signed out', { name: 'x.pdf', type: 'application/pdf', data: PDF }, null, 401, ''],
      ['a learner', { name: 'x.pdf', type: 'application/pdf', data: PDF }, learner, 403, ''],
      ['no file', null, coach, 400, MEDIA_MESSAGES.noFile],
      ['text named .png', { name: 'foto.png', type: 'image/png', data: Buffer.from('hola, esto no es una imagen') }, coach, 415, MEDIA_MESSAGES.unsupported],
      [
        'truncated JPEG',
        { name: 'cortada.jpg', type: 'image/jpeg', data: photo.subarray(0, Math.floor(photo.length / 2)) },
        coach,
        400,
        MEDIA_MESSAGES.brokenImage,
      ],
      [
        'an image over its limit',
        { name: 'enorme.jpg', type: 'image/jpeg', data: Buffer.concat([photo.subarray(0, 4), Buffer.alloc(MAX_MEDIA_BYTES.image + 400_000)]) },
        coach,
        413,
        'El archivo pesa 10,4 MB y el máximo para imágenes es 10 MB.',
      ],
      ['a fake PDF', { name: 'falso.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7\nno hay nada más aquí') }, coach, 400, MEDIA_MESSAGES.brokenPdf],
      [
        'an audio with no sound in it',
        { name: 'vacio.mp3', type: 'audio/mpeg', data: Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.alloc(300)]) },
        coach,
        400,
        MEDIA_MESSAGES.brokenAudio,
      ],
    ];
    for (const [what, file, who, status, message] of cases) {
      const before = await counts();
      const res = await upload(file, who);
      expect([what, res.statusCode]).toEqual([what, status]);
      if (message) expect([what, res.json().message]).toEqual([what, message]);
      expect([what, await counts()]).toEqual([what, before]);
    }
  });

  it('answers a body that is not a well-formed form (cut short, or not a form at all) with a Spanish 400, storing nothing', async () => {
    const whole = multipart({ name: 'doc.pdf', type: 'application/pdf', data: PDF });
    for (const [what, payload] of [
      ['cut in the middle of the file', whole.subarray(0, Math.floor(whole.length * 0.6))],
      ['text of another encoding', Buffer.from(whole.toString('latin1'), 'utf16le')],
      ['no boundary at all', Buffer.from('hola')],
    ] as const) {
      const before = await counts();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/coach/media',
        headers: { cookie: coach.cookie, 'content-type': MULTIPART_TYPE },
        payload,
      });
      expect([what, res.statusCode]).toEqual([what, 400]);
      expect([what, res.json().message]).toEqual([what, MEDIA_MESSAGES.unreadableForm]);
      expect([what, await counts()]).toEqual([what, before]);
    }
  });

  it('puts an image of the library on the site as the coach’s portrait, ready for <picture>, and nothing else', async () => {
    const library = (await get('/api/coach/media', { cookie: coach.cookie })).json().data as Array<{ id: string; kind: string; url: string }>;
    const pdf = library.find((i) => i.kind === 'pdf')!;
    const photo = library.find((i) => i.kind === 'image')!;
    const patch = (coachPhoto: string | null, who: Learner = coach) =>
      t.app.inject({ method: 'PATCH', url: '/api/coach/settings', headers: { cookie: who.cookie }, payload: { coachPhoto } });

    expect((await get('/api/site')).json().data.coachPortrait).toBeNull();
    const before = await countEvents(db.pool);
    for (const wrong of [pdf.id, '0190a1b2-0000-7000-8000-000000000000', 'no-es-un-id']) {
      const res = await patch(wrong);
      expect([res.statusCode, res.json().message]).toEqual([400, MEDIA_MESSAGES.notAnImage]);
    }
    expect((await patch(photo.id, learner)).statusCode).toBe(403);
    expect(await countEvents(db.pool)).toBe(before);

    expect((await patch(photo.id)).statusCode).toBe(200);
    const site = (await get('/api/site')).json().data;
    expect(site.coachPhoto).toBe(photo.id);
    expect(site.coachPortrait).toMatchObject({ src: photo.url, width: expect.any(Number), height: expect.any(Number) });
    expect(site.coachPortrait.sources.map((s: { type: string }) => s.type)).toEqual(['image/avif', 'image/webp']);
    for (const source of site.coachPortrait.sources) expect(source.srcset).toMatch(/^\/media\/[0-9a-f]{64}\.(avif|webp) \d+w/);

    // Cleared, the site goes without a portrait again.
    expect((await patch(null)).statusCode).toBe(200);
    expect((await get('/api/site')).json().data.coachPortrait).toBeNull();
  });

  it('answers 404 for a hash it does not hold, or a known hash under another type', async () => {
    expect((await get(`/media/${'0'.repeat(64)}.jpg`)).statusCode).toBe(404);
    expect((await get('/media/nada.jpg')).statusCode).toBe(404);
    const pdf = (await get('/api/coach/media', { cookie: coach.cookie })).json().data.find((i: { kind: string }) => i.kind === 'pdf');
    expect((await get(pdf.url.replace('.pdf', '.jpg'))).statusCode).toBe(404);
  });
});

describe('deleting a file of the library', () => {
  let shade = 10;
  /** An image no other test uploaded (its own colour), so its bytes are its alone. */
  const ownImage = async () =>
    (await upload(await plainImage((shade += 7)), coach, { label: 'Para borrar' })).json().data as {
      id: string;
      url: string;
      variants: Array<{ url: string }>;
    };
  const remove = (id: string, who: Learner | null = coach, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'DELETE', url: `/api/coach/media/${id}`, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });
  const blobCount = (url: string) => count(db.pool, 'SELECT count(*) AS n FROM media_blobs WHERE sha256 = $1', [url.slice(7, 71)]);
  const listed = async () => ((await get('/api/coach/media', { cookie: coach.cookie })).json().data as Array<{ id: string }>).map((i) => i.id);

  it('removes the file from the library and its bytes, copies included: its address answers 404', async () => {
    const item = await ownImage();
    expect(item.variants.length).toBeGreaterThan(0);
    const before = await counts();
    const res = await remove(item.id);
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, message: MEDIA_MESSAGES.deleted, data: null }]);
    expect(await listed()).not.toContain(item.id);
    expect(await counts()).toEqual({ events: before.events + 1, blobs: before.blobs - 1 - item.variants.length, media: before.media - 1 });
    for (const url of [item.url, ...item.variants.map((v) => v.url)]) {
      expect(await blobCount(url)).toBe(0);
      expect((await get(url)).statusCode).toBe(404);
    }

    // Again: it is not there any more (a Spanish 404, nothing written).
    const again = await remove(item.id);
    expect([again.statusCode, again.json().message]).toEqual([404, MEDIA_MESSAGES.notFound]);
    expect((await remove('0190a1b2-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await remove('no-es-un-id')).json().message).toBe(MEDIA_MESSAGES.notFound);
    expect(await countEvents(db.pool)).toBe(before.events + 1);
  });

  it('keeps bytes that another file of the library still has, until that one goes too', async () => {
    const pdf = Buffer.from(`${PDF.toString()}% otra copia ${Date.now()}\n`);
    const first = (await upload({ name: 'a.pdf', type: 'application/pdf', data: pdf })).json().data;
    const second = (await upload({ name: 'b.pdf', type: 'application/pdf', data: pdf })).json().data;
    expect(second.url).toBe(first.url);

    expect((await remove(first.id)).statusCode).toBe(200);
    expect(await blobCount(first.url)).toBe(1);
    expect((await get(second.url)).body).toBe(pdf.toString());

    expect((await remove(second.id)).statusCode).toBe(200);
    expect(await blobCount(first.url)).toBe(0);
    expect((await get(second.url)).statusCode).toBe(404);
  });

  it('keeps a file the site uses, saying where (409, nothing changed), and deletes it once freed', async () => {
    const item = await ownImage();
    const patch = (coachPhoto: string | null) =>
      t.app.inject({ method: 'PATCH', url: '/api/coach/settings', headers: { cookie: coach.cookie }, payload: { coachPhoto } });
    expect((await patch(item.id)).statusCode).toBe(200);

    const before = await counts();
    const refused = await remove(item.id);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'Esta foto es tu retrato del sitio: cámbiala en Ajustes antes de borrarla.']);
    expect(await counts()).toEqual(before);
    expect((await get(item.url)).statusCode).toBe(200);

    // Also with a testimonial: both places are named.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/coach/testimonials',
      headers: { cookie: coach.cookie },
      payload: { name: 'Lucía M.', text: 'Me ayudó a ordenar mis prioridades.', page: 'coaching', photo: item.id, consent: true },
    });
    expect(added.statusCode).toBe(200);
    const both = (await remove(item.id)).json().message;
    expect(both).toBe(
      'Esta foto es tu retrato del sitio: cámbiala en Ajustes antes de borrarla. Esta foto acompaña el testimonio de Lucía M. en Coaching: quítala de ese testimonio en Testimonios antes de borrarla.',
    );

    expect((await patch(null)).statusCode).toBe(200);
    const testimonial = added.json().data.id as string;
    await t.app.inject({ method: 'PATCH', url: `/api/coach/testimonials/${testimonial}`, headers: { cookie: coach.cookie }, payload: { photo: null } });
    expect((await remove(item.id)).statusCode).toBe(200);
    expect((await get(item.url)).statusCode).toBe(404);
  });

  it('is the coach’s alone: nothing changes for anyone else', async () => {
    const item = await ownImage();
    const before = await counts();
    expect((await remove(item.id, learner)).statusCode).toBe(403);
    expect((await remove(item.id, null)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    expect(await listed()).toContain(item.id);
  });

  it('answers a retry under the same Idempotency-Key as the first time, and stays deleted in a rebuild', async () => {
    const item = await ownImage();
    const key = { 'idempotency-key': `borrar-${item.id}` };
    expect((await remove(item.id, coach, key)).statusCode).toBe(200);
    const retry = await remove(item.id, coach, key);
    expect([retry.statusCode, retry.json().message]).toEqual([200, MEDIA_MESSAGES.deleted]);

    const library = await listed();
    await rebuildProjections(db.pool, createCatalog(), projections);
    expect(await listed()).toEqual(library);
    expect(library).not.toContain(item.id);
    expect((await get(item.url)).statusCode).toBe(404);
  });
});
