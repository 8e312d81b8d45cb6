import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { fakeActivityStore, InActivity } from '../../testing/activity-store';
import { GUEST_PROGRESS_KEY, readGuestProgress, saveGuestActivityData } from '../guest-progress';
import type { Keeper } from './store';
import { activityData, LOAD_LOG, useActivityData } from './use-activity-data';
import { useActivityCompletion, useActivityWrite, type Write } from './use-activity-write';

const SLUG = 'una-actividad';
const expired = () => new ApiError('Tu sesión ha expirado. Por favor, inicia sesión de nuevo.', 401);
const refused = () => new ApiError('Tu texto puede tener hasta 10.000 caracteres.', 400);

/** The hook inside an activity whose store keeps the data `where` (StrictMode, as the app renders). */
function inActivity<T>(hook: () => T, where: Keeper, client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })) {
  const store = fakeActivityStore(where);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <QueryClientProvider client={client}>
        <InActivity store={store}>{children}</InActivity>
      </QueryClientProvider>
    </StrictMode>
  );
  return { ...renderHook(hook, { wrapper }), store, client };
}

/** A text kept as activityData[SLUG].text in this browser, and as ['texto'] on the server. */
const text = (queryFn: () => Promise<string>, options: { expiredFails?: true } = {}) =>
  activityData({
    browser: (saved) => {
      const data = saved[SLUG];
      return typeof data === 'object' && data !== null && 'text' in data && typeof data.text === 'string' ? data.text : '';
    },
    server: () => ({ queryKey: ['texto'], queryFn, retry: false }),
    ...options,
  });

const saveText = (mutationFn: (value: string) => Promise<string>, failure: Write<string, string>['failure']): Write<string, string> => ({
  browser: (value) => {
    saveGuestActivityData(SLUG, { text: value });
    return value;
  },
  server: () => ({ mutationFn }),
  failure,
});

let alert: ReturnType<typeof vi.spyOn>;
let logged: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  window.localStorage.clear();
  alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('useActivityData: where the host keeps the data', () => {
  it("a guest's comes from this browser at once, and follows it; the server is not asked", async () => {
    saveGuestActivityData(SLUG, { text: 'Hoy empiezo.' });
    const queryFn = vi.fn(async () => 'del servidor');
    const { result } = inActivity(() => useActivityData(text(queryFn)), 'browser');

    expect(result.current).toEqual({ status: 'ready', data: 'Hoy empiezo.' });
    act(() => saveGuestActivityData(SLUG, { text: 'Y sigo.' }));
    expect(result.current).toEqual({ status: 'ready', data: 'Y sigo.' });
    expect(queryFn).not.toHaveBeenCalled();
  });

  it("a learner's comes from the server: loading, then ready", async () => {
    const { result } = inActivity(() => useActivityData(text(async () => 'del servidor')), 'server');
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: 'del servidor' }));
  });

  it('a 401 is the session prompt, once (StrictMode included), and the data stays loading', async () => {
    const { result, store } = inActivity(() => useActivityData(text(async () => Promise.reject(expired()))), 'server');
    await waitFor(() => expect(store.sessionExpired).toHaveBeenCalledTimes(1));
    expect(result.current.status).toBe('loading');
    expect(logged).not.toHaveBeenCalled();
  });

  it('any other failure is logged and handed back, with a retry that asks again', async () => {
    let calls = 0;
    const { result, store } = inActivity(() => useActivityData(text(async () => (++calls === 1 ? Promise.reject(refused()) : 'a la segunda'))), 'server');
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.status === 'failed' && result.current.error).toEqual(refused());
    expect(logged).toHaveBeenCalledWith(LOAD_LOG, refused());
    expect(store.sessionExpired).not.toHaveBeenCalled();

    act(() => (result.current.status === 'failed' ? result.current.retry() : undefined));
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', data: 'a la segunda' }));
  });

  it('data the page can do without fails on a 401 like on any error (expiredFails)', async () => {
    const { result, store } = inActivity(() => useActivityData(text(async () => Promise.reject(expired()), { expiredFails: true })), 'server');
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(store.sessionExpired).not.toHaveBeenCalled();
  });
});

describe('useActivityWrite: one way to save, one way to fail', () => {
  it("a guest's write is kept in this browser at once, in the activity's own shape; nothing is sent", async () => {
    const mutationFn = vi.fn(async (value: string) => value);
    const { result } = inActivity(() => useActivityWrite(saveText(mutationFn, { says: 'No se pudo guardar.' })), 'browser');

    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.run('Mi respuesta');
    });
    expect(outcome).toEqual({ ok: true, value: 'Mi respuesta' });
    expect(JSON.parse(window.localStorage.getItem(GUEST_PROGRESS_KEY)!)).toEqual({ completedSlugs: [], activityData: { [SLUG]: { text: 'Mi respuesta' } } });
    expect(result.current.pending).toBe(false);
    expect(mutationFn).not.toHaveBeenCalled();
  });

  it("what comes next goes on in the guest's own event, and once the server answers for a learner", async () => {
    const guest = inActivity(() => useActivityWrite(saveText(async (value) => value, { says: 'No se pudo guardar.' })), 'browser');
    const then = vi.fn();
    act(() => {
      void guest.result.current.run('Al instante', { then });
      expect(then).toHaveBeenCalledWith({ ok: true, value: 'Al instante' });
    });

    const learner = inActivity(() => useActivityWrite(saveText(async (value) => `${value}, guardado`, { says: 'No se pudo guardar.' })), 'server');
    const later = vi.fn();
    let running!: Promise<unknown>;
    act(() => {
      running = learner.result.current.run('Después', { then: later });
    });
    expect(later).not.toHaveBeenCalled();
    await act(async () => {
      await running;
    });
    expect(later).toHaveBeenCalledWith({ ok: true, value: 'Después, guardado' });
  });

  it("a learner's write goes to the server, pending while it is on its way; this browser keeps nothing", async () => {
    let answer!: (value: string) => void;
    const mutationFn = vi.fn((value: string) => new Promise<string>((resolve) => (answer = () => resolve(`${value}, guardado`))));
    const { result } = inActivity(() => useActivityWrite(saveText(mutationFn, { says: 'No se pudo guardar.' })), 'server');

    let running!: Promise<unknown>;
    act(() => {
      running = result.current.run('Mi respuesta');
    });
    await waitFor(() => expect(result.current.pending).toBe(true));
    await act(async () => answer('listo'));
    expect(await running).toEqual({ ok: true, value: 'Mi respuesta, guardado' });
    expect(result.current.pending).toBe(false);
    expect(mutationFn.mock.calls[0]![0]).toBe('Mi respuesta');
    expect(window.localStorage.getItem(GUEST_PROGRESS_KEY)).toBeNull();
  });

  it("a failure is logged and handed back in the activity's words, or the server's when it gives some", async () => {
    const own = inActivity(
      () => useActivityWrite(saveText(async () => Promise.reject(refused()), { says: 'No se pudo guardar.', logs: 'Fallo al guardar.' })),
      'server',
    );
    const server = inActivity(
      () => useActivityWrite(saveText(async () => Promise.reject(refused()), { says: 'No se pudo guardar.', serverWords: true })),
      'server',
    );
    const offline = inActivity(
      () => useActivityWrite(saveText(async () => Promise.reject(new TypeError('Failed to fetch')), { says: 'No se pudo guardar.', serverWords: true })),
      'server',
    );

    await act(async () => {
      expect(await own.result.current.run('x')).toEqual({ ok: false, error: refused(), message: 'No se pudo guardar.' });
      expect(await server.result.current.run('x')).toEqual({ ok: false, error: refused(), message: 'Tu texto puede tener hasta 10.000 caracteres.' });
      expect(await offline.result.current.run('x')).toMatchObject({ ok: false, message: 'No se pudo guardar.' });
    });
    expect(logged).toHaveBeenCalledWith('Fallo al guardar.', refused());
    expect(logged).toHaveBeenCalledWith('No se pudo guardar.', refused());
    expect(alert).not.toHaveBeenCalled();
  });

  it('a failure said in an alert is said once, and not at all when the attempt was quiet', async () => {
    const { result } = inActivity(
      () => useActivityWrite(saveText(async () => Promise.reject(refused()), { says: 'No se pudo guardar tu calificación.', alert: true })),
      'server',
    );
    await act(async () => {
      await result.current.run('x');
      await result.current.run('x', { quietly: true });
    });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('No se pudo guardar tu calificación.');
  });

  it('a 401 is the session prompt: nothing said or logged, and the page hears of it at once', async () => {
    const { result, store } = inActivity(
      () => useActivityWrite(saveText(async () => Promise.reject(expired()), { says: 'No se pudo guardar.', alert: true })),
      'server',
    );
    // The prompt signs out, which takes a while: the page puts back what it showed meanwhile.
    store.sessionExpired.mockReturnValue(new Promise(() => {}));
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.run('x');
    });
    expect(outcome).toEqual({ ok: false, error: expired(), message: null });
    expect(store.sessionExpired).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
    expect(logged).not.toHaveBeenCalled();
  });

  it('a 401 said like any failure when the page can do without the write (expiredFails)', async () => {
    const { result, store } = inActivity(
      () => useActivityWrite(saveText(async () => Promise.reject(expired()), { says: 'Error al guardar.', serverWords: true, expiredFails: true })),
      'server',
    );
    await act(async () => {
      expect(await result.current.run('x')).toMatchObject({ ok: false, message: 'Tu sesión ha expirado. Por favor, inicia sesión de nuevo.' });
    });
    expect(store.sessionExpired).not.toHaveBeenCalled();
  });
});

describe('useActivityCompletion', () => {
  const failure = { says: 'Hubo un problema al finalizar la actividad. Inténtalo de nuevo.', logs: 'No se pudo marcar la actividad como completada.' };

  it("a guest's completion stores what this browser keeps for the activity, as the activity says", async () => {
    saveGuestActivityData(SLUG, { text: 'Mi respuesta', restarted: true });
    const completion = { browser: (saved: Readonly<Record<string, unknown>>) => ({ text: (saved[SLUG] as { text: string }).text }), failure };
    const { result, store } = inActivity(() => useActivityCompletion(completion), 'browser');
    await act(async () => {
      expect(await result.current()).toEqual({ ok: true, value: undefined });
    });
    expect(store.complete).toHaveBeenCalledWith({ text: 'Mi respuesta' });
    expect(readGuestProgress().activityData[SLUG]).toEqual({ text: 'Mi respuesta', restarted: true });
  });

  it("a learner's completion sends nothing of this browser, and tells the activity's cached reads", async () => {
    saveGuestActivityData(SLUG, { text: 'de otra persona' });
    const server = vi.fn();
    const { result, store, client } = inActivity(() => useActivityCompletion({ browser: () => 'nada', server, failure }), 'server');
    await act(async () => {
      await result.current();
    });
    expect(store.complete).toHaveBeenCalledWith();
    expect(server).toHaveBeenCalledWith(client);
  });

  it('a refused completion is logged and handed back; the cached reads learn nothing', async () => {
    const server = vi.fn();
    const { result, store } = inActivity(() => useActivityCompletion({ server, failure }), 'server');
    store.complete.mockRejectedValue(new ApiError('Completa la actividad anterior.', 403));
    await act(async () => {
      expect(await result.current()).toMatchObject({ ok: false, message: failure.says });
    });
    expect(logged).toHaveBeenCalledWith(failure.logs, expect.any(ApiError));
    expect(server).not.toHaveBeenCalled();
  });
});
