import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../events/accounts/accounts.events';
import { SITE_SETTINGS_STREAM } from '../../../events/site/site.events';
import { countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/db';
import { createLearner, type Learner } from '../../../tests/setup/learners';
import { SITE_MESSAGES } from './routes';

let db: TestDatabase;
let t: TestApp;
let coach: Learner;
let learner: Learner;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { SITE_NOTICE_TEXT: 'Nueva masterclass el jueves', SITE_NOTICE_LINK: '/masterclasses' } });
  coach = await createLearner(t.app, t.store, { roles: [ROLES.coach] });
  learner = await createLearner(t.app, t.store);
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const site = async (app = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/api/site' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const settings = () => t.app.inject({ method: 'GET', url: '/api/coach/settings', headers: { cookie: coach.cookie } });
const patch = (payload: object, who: Learner | null = coach) =>
  t.app.inject({ method: 'PATCH', url: '/api/coach/settings', headers: who ? { cookie: who.cookie } : {}, payload });
const restore = (version: number, who: Learner | null = coach) =>
  t.app.inject({ method: 'POST', url: '/api/coach/settings/restore', headers: who ? { cookie: who.cookie } : {}, payload: { version } });

describe('site settings', () => {
  it('a fresh install shows no name, number or link the coach did not enter; the notice comes from the environment', async () => {
    const data = await site();
    for (const field of [
      'coachName',
      'coachBio',
      'coachStory',
      'whatsappNumber',
      'bookingFirstSessionUrl',
      'bookingClarificationCallUrl',
      'instagramUrl',
      'tiktokUrl',
      'youtubeUrl',
      'bookUrl',
    ]) {
      expect(data[field], field).toBeNull();
    }
    expect(data.notice).toMatchObject({ text: 'Nueva masterclass el jueves', link: '/masterclasses' });
    expect((await t.app.inject({ method: 'GET', url: '/api/app/notification' })).json().data).toEqual(data.notice);
  });

  it('records only the changed fields with the coach as actor, normalises the WhatsApp number, and a repeat writes nothing', async () => {
    const res = await patch({ coachName: 'Ana (demo)', whatsappNumber: '+54 9 11-2345-6789', bookUrl: 'https://example.com/libro', instagramUrl: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SITE_MESSAGES.saved);
    expect(res.json().data.settings).toMatchObject({
      coachName: 'Ana (demo)',
      whatsappNumber: '+5491123456789',
      bookUrl: 'https://example.com/libro',
      instagramUrl: null,
    });
    const events = await t.store.readStream(SITE_SETTINGS_STREAM);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({ changes: { coachName: 'Ana (demo)', whatsappNumber: '+5491123456789', bookUrl: 'https://example.com/libro' } });
    expect(events[0]!.metadata.actor).toBe(coach.userId);

    const before = await countEvents(db.pool);
    const again = await patch({ coachName: 'Ana (demo)', whatsappNumber: '+5491123456789' });
    expect(again.json().message).toBe(SITE_MESSAGES.unchanged);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('refuses a bad value with a Spanish message and writes nothing, not even the good fields beside it', async () => {
    const before = await countEvents(db.pool);
    for (const [payload, message] of [
      [{ coachName: 'Otra', whatsappNumber: '1234' }, SITE_MESSAGES.whatsapp],
      [{ coachName: 'Otra', bookUrl: 'http://example.com/libro' }, SITE_MESSAGES.url],
      [{ coachName: 'Otra', bookingFirstSessionUrl: 'javascript:alert(1)' }, SITE_MESSAGES.url],
      [{ coachName: 'Otra', contactEmail: 'no-es-un-email' }, SITE_MESSAGES.email],
      [{ coachName: 'Otra', noticeLink: '//evil.example' }, SITE_MESSAGES.noticeLink],
    ] as const) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(message), data: null });
    }
    expect(await countEvents(db.pool)).toBe(before);
    expect((await site()).coachName).toBe('Ana (demo)');
  });

  it('is for the coach only: 401 without a session, 403 for a learner, nothing written', async () => {
    const before = await countEvents(db.pool);
    expect((await patch({ coachName: 'Intrusa' }, null)).statusCode).toBe(401);
    expect((await patch({ coachName: 'Intrusa' }, learner)).statusCode).toBe(403);
    expect((await restore(0, learner)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/coach/settings', headers: { cookie: learner.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/coach/settings' })).statusCode).toBe(401);
    expect(await countEvents(db.pool)).toBe(before);
  });

  it('keeps the history (version, when, who, which fields) and restores an earlier version as one more change', async () => {
    await patch({ coachName: 'Ana Segunda (demo)', bookUrl: null });
    const history = (await settings()).json().data.history;
    expect(history.map((h: { version: number; fields: string[] }) => [h.version, h.fields])).toEqual([
      [2, ['coachName', 'bookUrl']],
      [1, ['coachName', 'whatsappNumber', 'bookUrl']],
    ]);
    expect(history[0]).toMatchObject({ by: coach.userId, restoredFrom: null });
    expect(Date.parse(history[0].at)).not.toBeNaN();

    const res = await restore(1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settings).toMatchObject({ coachName: 'Ana (demo)', bookUrl: 'https://example.com/libro', whatsappNumber: '+5491123456789' });
    expect(res.json().data.history[0]).toMatchObject({ version: 3, restoredFrom: 1, fields: ['coachName', 'bookUrl'] });
    // Restoring what is already current records nothing.
    const before = await countEvents(db.pool);
    expect((await restore(1)).json().message).toBe(SITE_MESSAGES.alreadyCurrent);
    expect(await countEvents(db.pool)).toBe(before);
    expect((await restore(99)).statusCode).toBe(404);

    // Version 0 is the first values: everything the coach entered is gone, the environment's notice stays.
    const first = (await restore(0)).json().data.settings;
    expect(first).toMatchObject({ coachName: null, whatsappNumber: null, bookUrl: null, noticeText: 'Nueva masterclass el jueves' });
  });

  it('a change made through one process is read at once by another on the same database', async () => {
    const other = await t.buildApp();
    try {
      const seen = await site(other);
      await patch({ whatsappNumber: '+34 600 000 001', noticeText: 'Aviso nuevo', noticeLink: 'https://example.com/aviso' });
      const now = await site(other);
      expect(now.version).toBe(seen.version + 1);
      expect(now.whatsappNumber).toBe('+34600000001');
      expect(now.notice).toMatchObject({ text: 'Aviso nuevo', link: 'https://example.com/aviso' });
      expect(now.notice.id).not.toBe(seen.notice.id);
      // Browsers keep it and ask again: unchanged, the answer is a 304.
      const res = await other.inject({ method: 'GET', url: '/api/site', headers: { 'if-none-match': `"site-${now.version}"` } });
      expect(res.statusCode).toBe(304);
    } finally {
      await other.close();
    }
  });

  it('keeps her story as she wrote it, paragraphs and all, as an event; one too long is refused in Spanish and nothing is written', async () => {
    const story = 'Mi historia empieza aquí.\n\nY sigue en otro párrafo, con «comillas» y <etiquetas> que son solo texto.';
    const before = (await t.store.readStream(SITE_SETTINGS_STREAM)).length;
    const res = await patch({ coachStory: `  ${story}\n\n` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settings.coachStory).toBe(story);
    const events = await t.store.readStream(SITE_SETTINGS_STREAM);
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)!.data).toEqual({ changes: { coachStory: story } });
    expect(events.at(-1)!.metadata.actor).toBe(coach.userId);
    expect((await site()).coachStory).toBe(story);
    expect((await settings()).json().data.history[0].fields).toEqual(['coachStory']);

    // Exactly the limit is accepted as is; one character more is refused, the field beside it with it.
    const atLimit = 'a'.repeat(6000);
    expect((await patch({ coachStory: atLimit })).statusCode).toBe(200);
    const count = await countEvents(db.pool);
    const name = (await site()).coachName;
    const tooLong = await patch({ coachName: 'Otra', coachStory: 'a'.repeat(6001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ success: false, message: expect.stringContaining('Tu historia puede tener hasta 6000 caracteres.'), data: null });
    expect(await countEvents(db.pool)).toBe(count);
    expect(await site()).toMatchObject({ coachStory: atLimit, coachName: name });

    // Emptied, the story is gone from the site (and the page goes without its section).
    expect((await patch({ coachStory: '   ' })).json().data.settings.coachStory).toBeNull();
    expect((await site()).coachStory).toBeNull();
  });
});
