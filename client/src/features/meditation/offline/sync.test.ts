import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubApi } from '../../../testing/fake-api';
import { enqueue, readOutbox, type QueuedWrite } from '../../../lib/outbox';
import { flushMeditationWrites, onMeditationSynced, submitMeditationWrite } from './sync';

const SESSIONS = 'POST /api/meditation/sessions';
const SAVE = 'POST /api/activity/saveRevelation';
const HISTORY = { totalSeconds: 600, totalMinutes: 10, sessions: 1, streakDays: 1, meditatedToday: true };
const session = (key: string, owner = 'ana'): QueuedWrite => ({
  key,
  owner,
  kind: 'meditation.session',
  body: { seconds: 600, activePhases: ['love'], outcome: 'completed', timeZone: 'UTC', endedAt: '2026-03-12T08:00:00.000Z' },
  queuedAt: '2026-03-12T08:00:00.000Z',
});
const revelation = (key: string, owner = 'ana'): QueuedWrite => ({
  key,
  owner,
  kind: 'meditation.revelation',
  body: { revelation: 'Confío.', totalTimeMeditated: 600 },
  queuedAt: '2026-03-12T08:01:00.000Z',
});
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const keyOf = (request: Request) => request.headers.get('Idempotency-Key');

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('sending what waits', () => {
  it("sends one account's writes, oldest first, each with its own key; another account's stay", async () => {
    [session('k1'), session('k-otra', 'beto'), revelation('k2')].forEach(enqueue);
    const sent: (string | null)[] = [];
    stubApi({
      [SESSIONS]: (request) => (sent.push(keyOf(request)), envelope(200, 'Sesión registrada.', HISTORY)),
      [SAVE]: (request) => (
        sent.push(keyOf(request)),
        envelope(200, 'Revelación guardada.', { Id: 'r1', Revelation: 'Confío.', DateCreated: '2026-03-12T08:01:00.000Z', TotalTimeMeditated: 600 })
      ),
    });
    const results = await flushMeditationWrites('ana');
    expect(sent).toEqual(['k1', 'k2']);
    expect([...results.values()].map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(readOutbox().map((w) => w.key)).toEqual(['k-otra']);
  });

  it('with no network everything stays, untouched, for the next try', async () => {
    [session('k1'), revelation('k2')].forEach(enqueue);
    const api = stubApi({ [SESSIONS]: offline, [SAVE]: offline });
    const results = await flushMeditationWrites('ana');
    expect([...results.values()]).toEqual([
      { status: 'waiting', reason: 'offline' },
      { status: 'waiting', reason: 'offline' },
    ]);
    // The first failure says enough: the second is not even tried.
    expect(api.calls).toHaveLength(1);
    expect(readOutbox().map((w) => w.key)).toEqual(['k1', 'k2']);
  });

  it('an expired session keeps them for when this account signs in again', async () => {
    enqueue(session('k1'));
    stubApi({ [SESSIONS]: envelope(401, 'Tu sesión no es válida o expiró.') });
    expect((await flushMeditationWrites('ana')).get('k1')).toMatchObject({ status: 'waiting', reason: 'signed-out' });
    expect(readOutbox()).toHaveLength(1);
  });

  it('a refusal for good (400) is dropped with its message; a server error stays; the others still go', async () => {
    [session('k-invalida'), session('k-caida'), revelation('k-ok')].forEach(enqueue);
    const answers: Record<string, Response> = {
      'k-invalida': envelope(400, 'Debe haber al menos una fase activa.'),
      'k-caida': envelope(503, 'El servicio no está disponible.'),
    };
    stubApi({
      [SESSIONS]: (request) => answers[keyOf(request)!]!,
      [SAVE]: envelope(200, 'Revelación guardada.', { Id: 'r1', Revelation: 'Confío.', DateCreated: '2026-03-12T08:01:00.000Z', TotalTimeMeditated: 600 }),
    });
    const results = await flushMeditationWrites('ana');
    expect(results.get('k-invalida')).toEqual({ status: 'rejected', message: 'Debe haber al menos una fase activa.' });
    expect(results.get('k-caida')).toEqual({ status: 'waiting', reason: 'server', message: 'El servicio no está disponible.' });
    expect(results.get('k-ok')).toMatchObject({ status: 'sent' });
    expect(readOutbox().map((w) => w.key)).toEqual(['k-caida']);
  });

  it('two tries at once (the page and the background) send each write once', async () => {
    enqueue(session('k1'));
    const sent: (string | null)[] = [];
    stubApi({ [SESSIONS]: async (request) => (sent.push(keyOf(request)), envelope(200, 'Sesión registrada.', HISTORY)) });
    await Promise.all([flushMeditationWrites('ana'), flushMeditationWrites('ana')]);
    expect(sent).toEqual(['k1']);
  });
});

describe('a new write', () => {
  it('is kept before it is sent, with a fresh key, and leaves once the server has it', async () => {
    const seen: { key: string | null; kept: number }[] = [];
    stubApi({ [SESSIONS]: (request) => (seen.push({ key: keyOf(request), kept: readOutbox().length }), envelope(200, 'Sesión registrada.', HISTORY)) });
    const background = vi.fn();
    const stop = onMeditationSynced(background);
    const { key, result } = await submitMeditationWrite('ana', { kind: 'meditation.session', body: session('x').body as never });
    stop();
    expect(seen).toEqual([{ key, kept: 1 }]);
    expect(result).toEqual({ status: 'sent', kind: 'meditation.session', data: HISTORY });
    expect(readOutbox()).toEqual([]);
    // The page that made it hears the answer itself; the background listeners hear only of others.
    expect(background).not.toHaveBeenCalled();
  });

  it('also sends what waited before it, and tells the listeners about those', async () => {
    enqueue(revelation('k-antes'));
    stubApi({
      [SESSIONS]: envelope(200, 'Sesión registrada.', HISTORY),
      [SAVE]: envelope(200, 'Revelación guardada.', { Id: 'r1', Revelation: 'Confío.', DateCreated: '2026-03-12T08:01:00.000Z', TotalTimeMeditated: 600 }),
    });
    const background = vi.fn();
    const stop = onMeditationSynced(background);
    await submitMeditationWrite('ana', { kind: 'meditation.session', body: session('x').body as never });
    stop();
    expect(background).toHaveBeenCalledWith(['meditation.revelation']);
    expect(readOutbox()).toEqual([]);
  });
});
