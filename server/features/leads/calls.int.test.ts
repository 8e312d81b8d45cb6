import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents, startTestApp, type TestApp } from '../../../tests/setup/app';
import { createTestDatabase, openedEvents, type TestDatabase } from '../../../tests/setup/db';
import { CALL_MESSAGES } from './calls';

let db: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp(db, { config: { SITE_NOTICE_TEXT: 'Nueva masterclass el jueves: cupos abiertos', SITE_NOTICE_LINK: '/masterclasses' } });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const ask = (page: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/${page}/clarification-call`, payload, headers });

describe('clarification calls', () => {
  it('records a request from each sales page as an event', async () => {
    for (const [page, contact] of [
      ['reprograma', { email: ' Marta@Example.com ' }],
      ['manifiesta', { whatsapp: '+54 9 11 5555-1234' }],
    ] as const) {
      const res = await ask(page, { name: 'Marta', ...contact, message: 'Quiero saber si el programa es para mí.' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: CALL_MESSAGES.received });
    }
    const rows = (await openedEvents(db.pool, "type = 'ClarificationCallRequested'")).map((e) => ({ data: e.data as Record<string, string> }));
    expect(rows.map((r) => [r.data.page, r.data.email ?? r.data.whatsapp, r.data.message])).toEqual([
      ['reprograma', 'marta@example.com', 'Quiero saber si el programa es para mí.'],
      ['manifiesta', '+54 9 11 5555-1234', 'Quiero saber si el programa es para mí.'],
    ]);
  });

  it('needs a name and a way to reach the person; writes nothing otherwise', async () => {
    const before = await countEvents(db.pool);
    for (const [payload, message] of [
      [{ name: 'Marta' }, CALL_MESSAGES.contactRequired],
      [{ name: 'Marta', email: '', whatsapp: '' }, CALL_MESSAGES.contactRequired],
      [{ name: '  ', email: 'marta@example.com' }, 'Tu nombre es obligatorio.'],
      [{ name: 'Marta', email: 'marta@' }, 'Ingresa un email válido.'],
      [{ name: 'Marta', whatsapp: 'llamame' }, /WhatsApp válido/],
    ] as const) {
      const res = await ask('reprograma', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await ask('hielo', { name: 'Marta', email: 'marta@example.com' })).statusCode).toBe(404);
    expect(await countEvents(db.pool)).toBe(before);
  });
});

describe('GET /api/app/notification', () => {
  it('answers the configured notice with a stable id, or nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/notification' });
    expect(res.json().data).toMatchObject({ text: 'Nueva masterclass el jueves: cupos abiertos', link: '/masterclasses' });
    expect(res.json().data.id).toMatch(/^[0-9a-f]{12}$/);
    const quiet = await startTestApp(db);
    try {
      expect((await quiet.app.inject({ method: 'GET', url: '/api/app/notification' })).json().data).toBeNull();
    } finally {
      await quiet.close();
    }
  });
});
