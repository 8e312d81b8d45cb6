import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEMENT_MESSAGES, slotById, slotOfSound } from '../../../course/placements';
import { SOUND_FILES } from '../../../course/meditation';
import { ROLES } from '../../../events/accounts/accounts.events';
import { countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { uploadMedia, type UploadedFile } from '../../../tests/setup/media';

let db: TestDatabase;
let t: TestApp;
let coach: Learner;
let learner: Learner;
let premium: Learner;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db);
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  learner = await createLearner(t.app, t.store);
  premium = await createLearner(t.app, t.store, { roles: [ROLES.premium] });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const fixture = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url));
/** The coach's own recording: any real MP3 that is not the synthetic voice the site ships for that phase. */
const HER_VOICE = fixture('client/public/audio/meditation/bell-end.mp3');
const SHIPPED_VOICE = fixture(`client/public/audio/meditation/${SOUND_FILES.voice('presence')}`);
const VIDEO = fixture('tests/fixtures/video.webm');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const upload = async (file: UploadedFile) => {
  const res = await uploadMedia(t.app, coach.cookie, file);
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; url: string };
};
const place = (body: unknown, who: Learner | null = coach) =>
  t.app.inject({ method: 'PATCH', url: '/api/coach/placements', headers: who ? { cookie: who.cookie } : {}, payload: body as object });
const publicSlots = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/placements' });
  expect(res.statusCode).toBe(200);
  return res.json().data.slots as Record<string, { kind: string; url: string; embed: { provider: string; src: string } | null }>;
};
const get = (url: string, who: Learner | null = null) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

describe('the coach’s files in the places of the site', () => {
  it('on a fresh install no place has a file of hers: the site keeps what it ships', async () => {
    expect(await publicSlots()).toEqual({});
  });

  it('an uploaded voice track is what the tool plays for that phase, and the other phases keep the shipped voice', async () => {
    expect(HER_VOICE.equals(SHIPPED_VOICE)).toBe(false);
    const voice = await upload({ name: 'mi-voz-presencia.mp3', type: 'audio/mpeg', data: HER_VOICE });
    const slot = slotOfSound(SOUND_FILES.voice('presence'))!;
    const res = await place({ [slot.id]: voice.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PLACEMENT_MESSAGES.saved);

    const slots = await publicSlots();
    expect(slots[slot.id]).toMatchObject({ kind: 'audio', url: voice.url });
    expect(slots[slotOfSound(SOUND_FILES.voice('gratitude'))!.id]).toBeUndefined();
    // What the phone fetches at that address is her recording, byte for byte, and seekable.
    const played = await get(slots[slot.id]!.url);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mpeg');
    expect(played.rawPayload.equals(HER_VOICE)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: slots[slot.id]!.url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(HER_VOICE.subarray(0, 100))).toBe(true);
  });

  it('a premium background she replaces stays premium: no public address, her file only to premium accounts', async () => {
    const bg = await upload({ name: 'bosque.mp3', type: 'audio/mpeg', data: HER_VOICE });
    const slot = slotById('meditation-bg-forest')!;
    expect(slot.restricted).toBe(true);
    expect((await place({ [slot.id]: bg.id })).statusCode).toBe(200);
    const placed = (await publicSlots())[slot.id]!;
    expect(placed.url).toMatch(/^\/api\/meditation\/audio\/bg-forest\.mp3\?v=[0-9a-f]{16}$/);
    expect(placed.url).not.toContain(bg.url.slice('/media/'.length, '/media/'.length + 64));
    expect((await get(placed.url)).statusCode).toBe(401);
    expect((await get(placed.url, learner)).statusCode).toBe(403);
    const ok = await get(placed.url, premium);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(HER_VOICE)).toBe(true);
    expect(ok.headers['cache-control']).toContain('no-store');
  });

  it('an activity’s video: an uploaded video, or a YouTube or Vimeo link embedded in privacy mode', async () => {
    const video = await upload({ name: 'rueda.webm', type: 'video/webm', data: VIDEO });
    expect((await place({ 'video-12-areas-balance': video.id })).statusCode).toBe(200);
    expect((await publicSlots())['video-12-areas-balance']).toMatchObject({ kind: 'video', url: video.url, embed: null });
    expect((await get(video.url)).headers['content-type']).toBe('video/webm');

    expect((await place({ 'video-7-niveles-deep-why': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10' })).statusCode).toBe(200);
    expect((await place({ 'video-meditacion-7-fases': 'https://vimeo.com/76979871' })).statusCode).toBe(200);
    const slots = await publicSlots();
    expect(slots['video-7-niveles-deep-why']!.embed).toEqual({
      provider: 'youtube',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&playsinline=1',
    });
    expect(slots['video-meditacion-7-fases']!.embed).toEqual({ provider: 'vimeo', src: 'https://player.vimeo.com/video/76979871?dnt=1' });
  });

  it('a paid activity’s video is for premium learners only: not listed publicly, its file and link only with the role', async () => {
    const video = await upload({ name: 'culpa.webm', type: 'video/webm', data: VIDEO });
    expect((await place({ 'video-soltar-la-culpa-y-el-resentimiento': video.id, 'video-diario-de-gratitud': 'https://youtu.be/aaaaaaaaaaa' })).statusCode).toBe(
      200,
    );
    const slots = await publicSlots();
    expect(slots['video-soltar-la-culpa-y-el-resentimiento']).toBeUndefined();
    expect(slots['video-diario-de-gratitud']).toBeUndefined();

    const info = '/api/course/video/soltar-la-culpa-y-el-resentimiento';
    expect((await get(info)).statusCode).toBe(401);
    expect((await get(info, learner)).statusCode).toBe(403);
    const given = (await get(info, premium)).json().data as { url: string; embed: null };
    expect(given.url).toMatch(/^\/api\/course\/video\/soltar-la-culpa-y-el-resentimiento\/file\?v=[0-9a-f]{16}$/);
    expect((await get(given.url, learner)).statusCode).toBe(403);
    const file = await get(given.url, premium);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/webm');
    expect(file.rawPayload.equals(VIDEO)).toBe(true);
    expect((await get('/api/course/video/diario-de-gratitud', premium)).json().data.embed.provider).toBe('youtube');
    // A free activity's video is everyone's; an activity without one says so.
    expect((await get('/api/course/video/12-areas-balance')).json().data.url).toMatch(/^\/media\//);
    expect((await get('/api/course/video/tu-manifiesto-personal', premium)).json().data).toBeNull();
  });

  it('refuses, in Spanish and writing nothing: a file of another kind, a file not in the library, a link that is not a video, an unknown place', async () => {
    const pdf = await upload({ name: 'guia.pdf', type: 'application/pdf', data: PDF });
    const before = await countEvents(db.pool);
    const cases: [unknown, string][] = [
      [{ 'meditation-voice-love': pdf.id }, PLACEMENT_MESSAGES.wrongKind(slotById('meditation-voice-love')!)],
      [{ 'meditation-voice-love': '0196a4c8-0000-7000-8000-000000000000' }, PLACEMENT_MESSAGES.notInLibrary],
      [{ 'video-12-areas-balance': 'https://example.com/video.mp4' }, PLACEMENT_MESSAGES.videoLink],
      [{ 'retreat-photo-1': 'https://youtu.be/dQw4w9WgXcQ' }, PLACEMENT_MESSAGES.wrongKind(slotById('retreat-photo-1')!)],
      [{ 'la-portada': pdf.id }, PLACEMENT_MESSAGES.unknownSlot],
    ];
    for (const [body, message] of cases) {
      const res = await place(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('only the coach changes them: a learner gets 403, a visitor 401', async () => {
    const before = await countEvents(db.pool);
    expect((await place({ 'meditation-intro': null }, learner)).statusCode).toBe(403);
    expect((await place({ 'meditation-intro': null }, null)).statusCode).toBe(401);
    expect((await get('/api/coach/placements', learner)).statusCode).toBe(403);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('each change is in the history with the coach as its author, and an earlier version comes back as one more change', async () => {
    const res = await get('/api/coach/placements', coach);
    expect(res.statusCode).toBe(200);
    const { version, history } = res.json().data as { version: number; history: { version: number; by: string; slots: string[] }[] };
    expect(history[0]).toMatchObject({ version, by: coach.userId });
    const first = history.at(-1)!;
    expect(first.slots).toEqual(['meditation-voice-presence']);

    const restored = await t.app.inject({ method: 'POST', url: '/api/coach/placements/restore', headers: { cookie: coach.cookie }, payload: { version: 0 } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.history[0]).toMatchObject({ restoredFrom: 0 });
    expect(await publicSlots()).toEqual({});
    // Cleared, the premium background is the shipped one again (still premium only).
    expect((await get('/api/meditation/audio/bg-forest.mp3', premium)).rawPayload.equals(HER_VOICE)).toBe(false);
  });

  it('a file in a place of the site is not deleted from the library until she takes it out of there', async () => {
    const voice = await upload({ name: 'amor.mp3', type: 'audio/mpeg', data: fixture('client/public/audio/meditation/gong-classic.mp3') });
    expect((await place({ 'meditation-voice-love': voice.id })).statusCode).toBe(200);
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/coach/media/${voice.id}`, headers: { cookie: coach.cookie } });
    const refused = await del();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('«Voz: Amor» (Meditación de las 7 fases)');
    expect((await get(voice.url)).statusCode).toBe(200);

    expect((await place({ 'meditation-voice-love': null })).statusCode).toBe(200);
    expect((await del()).statusCode).toBe(200);
    expect((await get(voice.url)).statusCode).toBe(404);
  });
});
