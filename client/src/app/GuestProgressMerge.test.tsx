import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meditationQueries } from '../features/meditation/api/meditation-queries';
import { PENDING_REVELATION_KEY } from '../features/meditation/pending-revelation';
import { LIFE_AREAS } from '../../../course/areas';
import { GUEST_PROGRESS_KEY } from '../lib/guest-progress';
import { deferred, envelope, makeUser, stubApi } from '../testing/fake-api';
import { renderRoute } from '../testing/render-route';
import { useGuestHandover } from './guest-handover';
import { createQueryClient } from './providers';

const SYNC = 'POST /api/activity/syncGuestProgress';
const SAVE_REVELATION = 'POST /api/activity/saveRevelation';
const REVELATIONS = 'GET /api/activity/getRevelations';
const STATUS = 'GET /api/activity/getCompletionStatus';

const guestProgress = {
  completedSlugs: ['12-areas-balance', 'concientizando-areas-balance'],
  activityData: { 'mapa-de-tus-emociones': { reflection: 'Hoy sentí calma.' } },
};

const stored = () => window.localStorage.getItem(GUEST_PROGRESS_KEY);

/** Lets StrictMode's second effect run and any answer land. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.localStorage.setItem(GUEST_PROGRESS_KEY, JSON.stringify(guestProgress));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('guest progress merge', () => {
  it('posts the stored progress once, when a user is signed in and the session check is over', async () => {
    const session = deferred();
    const api = stubApi({
      'GET /api/auth/verifyToken': () => session.promise,
      [SYNC]: envelope(200, 'Tu progreso como invitado quedó guardado en tu cuenta.', { completed: guestProgress.completedSlugs, added: 2, skipped: [] }),
    });
    renderRoute('/menu', { session: 'check' });
    await settle();
    expect(api.callsTo(SYNC)).toHaveLength(0);

    session.resolve(envelope(200, 'Sesión activa.', makeUser()));
    await waitFor(() => expect(api.callsTo(SYNC)).toHaveLength(1));
    await settle();
    expect(api.callsTo(SYNC)).toHaveLength(1);
    expect(api.callsTo(SYNC)[0]!.body).toEqual(guestProgress);
  });

  it('the hook itself waits while the session check runs, and posts once it is over', async () => {
    const api = stubApi({ [SYNC]: envelope(200, 'ok', { completed: guestProgress.completedSlugs, added: 2, skipped: [] }) });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { rerender } = renderHook((session: { userId: string | null; isLoading: boolean }) => useGuestHandover(session), {
      initialProps: { userId: 'a1b2', isLoading: true },
      wrapper,
    });
    await settle();
    expect(api.callsTo(SYNC)).toHaveLength(0);

    rerender({ userId: 'a1b2', isLoading: false });
    await waitFor(() => expect(api.callsTo(SYNC)).toHaveLength(1));
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('on success removes the local copy and shows the merged progress', async () => {
    let serverSlugs: string[] = [];
    const api = stubApi({
      [STATUS]: () => envelope(200, 'Progreso del curso.', serverSlugs),
      [SYNC]: () => {
        serverSlugs = ['12-areas-balance', 'concientizando-areas-balance'];
        return envelope(200, 'Tu progreso como invitado quedó guardado en tu cuenta.', { completed: serverSlugs, added: 2, skipped: [] });
      },
    });
    renderRoute('/cursos/manifiesta', { session: makeUser() });

    await waitFor(() => expect(stored()).toBeNull());
    await waitFor(() => expect(screen.getAllByText('SIGUE AQUÍ').length).toBeGreaterThan(0));
    const row = screen.getByText('Rueda de la Vida', { selector: 'span' }).closest('li')!;
    expect(row.querySelector('svg')!.getAttribute('data-icon')).toBe('completed');
    expect(api.callsTo(SYNC)).toHaveLength(1);
    // The completion status is (re)fetched after the merge (at once, or when the syllabus mounts if the
    // merge finished before the lazy page did).
    const order = () => api.calls.map((call) => `${call.method} ${call.path}`);
    await waitFor(() => expect(order().lastIndexOf(STATUS)).toBeGreaterThan(order().indexOf(SYNC)), { timeout: 5_000 });
  });

  it('on failure keeps the local copy and only logs the server message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubApi({ [SYNC]: envelope(400, 'Los datos guardados de «Rueda de la Vida» no son válidos.') });
    renderRoute('/menu', { session: makeUser() });

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(logged).toHaveBeenCalledWith(
      'No se pudo guardar tu progreso de invitado en tu cuenta:',
      'Los datos guardados de «Rueda de la Vida» no son válidos.',
    );
    await settle();
    expect(JSON.parse(stored()!)).toEqual(guestProgress);
    expect(api.callsTo(SYNC)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a network failure is kept and logged too', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ [SYNC]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute('/menu', { session: makeUser() });

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(JSON.parse(stored()!)).toEqual(guestProgress);
  });

  it('does nothing for a guest, or when there is nothing stored', async () => {
    // The page itself may count its view (POST /api/leads/view); the merge sends nothing.
    const api = stubApi({ 'POST /api/leads/view': envelope(200, 'Visita registrada.', { recorded: true }) });
    const merges = () => api.calls.filter((call) => call.path !== '/api/leads/view');
    const guest = renderRoute('/menu');
    await settle();
    expect(merges()).toHaveLength(0);
    guest.unmount();

    window.localStorage.clear();
    renderRoute('/menu', { session: makeUser() });
    await settle();
    expect(merges()).toHaveLength(0);
  });

  it('leaves out activities this course does not know (the server would refuse the whole sync)', async () => {
    window.localStorage.setItem(
      GUEST_PROGRESS_KEY,
      JSON.stringify({ completedSlugs: ['12-areas-balance', 'actividad-de-otra-version'], activityData: { 'otra-cosa': { x: 1 } } }),
    );
    const api = stubApi({ [SYNC]: envelope(200, 'ok', { completed: ['12-areas-balance'], added: 1, skipped: [] }) });
    renderRoute('/menu', { session: makeUser() });

    await waitFor(() => expect(api.callsTo(SYNC)).toHaveLength(1));
    expect(api.callsTo(SYNC)[0]!.body).toEqual({ completedSlugs: ['12-areas-balance'], activityData: {} });
    await waitFor(() => expect(stored()).toBeNull());
  });
});

describe('pending revelation merge', () => {
  const pending = { revelation: 'Ya no necesito correr para llegar.', totalTimeMeditated: 420 };
  const storedRevelation = () => window.sessionStorage.getItem(PENDING_REVELATION_KEY);
  const saved = { Id: 'r1', Revelation: pending.revelation, DateCreated: '2026-03-12T21:30:00.000Z', TotalTimeMeditated: 420 };

  beforeEach(() => {
    window.sessionStorage.setItem(PENDING_REVELATION_KEY, JSON.stringify(pending));
  });

  it('after the guest progress, posts the pending revelation once and removes it', async () => {
    const sync = deferred();
    const api = stubApi({ [SYNC]: () => sync.promise, [SAVE_REVELATION]: envelope(200, 'Revelación guardada.', saved) });
    renderRoute('/menu', { session: makeUser() });

    await waitFor(() => expect(api.callsTo(SYNC)).toHaveLength(1));
    await settle();
    // "Then": the revelation waits for the progress.
    expect(api.callsTo(SAVE_REVELATION)).toHaveLength(0);
    sync.resolve(envelope(200, 'ok', { completed: guestProgress.completedSlugs, added: 2, skipped: [] }));

    await waitFor(() => expect(storedRevelation()).toBeNull());
    await settle();
    expect(api.callsTo(SAVE_REVELATION)).toHaveLength(1);
    expect(api.callsTo(SAVE_REVELATION)[0]!.body).toEqual(pending);
  });

  it('with no guest progress, the revelation alone is posted; the list of revelations is refreshed', async () => {
    window.localStorage.clear();
    const client = createQueryClient();
    client.setQueryData(meditationQueries.revelations().queryKey, []);
    const api = stubApi({ [SAVE_REVELATION]: envelope(200, 'Revelación guardada.', saved), [REVELATIONS]: envelope(200, 'Tus revelaciones.', [saved]) });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useGuestHandover({ userId: 'a1b2', isLoading: false }), { wrapper });

    await waitFor(() => expect(storedRevelation()).toBeNull());
    expect(api.callsTo(SYNC)).toHaveLength(0);
    expect(client.getQueryState(meditationQueries.revelations().queryKey)!.isInvalidated).toBe(true);
  });

  it('on failure keeps the revelation and only logs the message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.clear();
    const api = stubApi({ [SAVE_REVELATION]: envelope(400, 'Tu revelación puede tener hasta 5.000 caracteres.') });
    renderRoute('/menu', { session: makeUser() });

    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('No se pudo guardar tu revelación en tu cuenta:', 'Tu revelación puede tener hasta 5.000 caracteres.'),
    );
    await settle();
    expect(JSON.parse(storedRevelation()!)).toEqual(pending);
    expect(api.callsTo(SAVE_REVELATION)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refused progress sync keeps the progress and still hands the revelation over', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ [SYNC]: envelope(400, 'Los datos guardados no son válidos.'), [SAVE_REVELATION]: envelope(200, 'Revelación guardada.', saved) });
    renderRoute('/menu', { session: makeUser() });

    await waitFor(() => expect(storedRevelation()).toBeNull());
    expect(JSON.parse(stored()!)).toEqual(guestProgress);
  });

  it('a guest keeps it until signing in', async () => {
    const session = deferred();
    const api = stubApi({ 'GET /api/auth/verifyToken': () => session.promise });
    renderRoute('/menu', { session: 'check' });
    await settle();
    session.resolve(envelope(401, 'Tu sesión ha expirado. Por favor, inicia sesión de nuevo.'));
    await settle();
    expect(api.callsTo(SAVE_REVELATION)).toHaveLength(0);
    expect(storedRevelation()).not.toBeNull();
  });

  it('a page of the course waits for the merge: the learner who signs in on an activity finds there what they did as a guest', async () => {
    // Rated all twelve areas and finished the wheel as a guest, then signed in and came back to it.
    const ratings = Object.fromEntries(LIFE_AREAS.map((area, i) => [area.id, i % 11]));
    window.localStorage.setItem(
      GUEST_PROGRESS_KEY,
      JSON.stringify({ completedSlugs: ['12-areas-balance'], activityData: { '12-areas-balance': { ratings } } }),
    );
    // The wheel's code at hand, as after a first visit: what is tested is the data, not the download.
    await import('../features/activities/wheel/components/LifeWheel');
    const sync = deferred();
    let merged = false;
    const api = stubApi({
      [SYNC]: () => sync.promise.then((answer) => ((merged = true), answer)),
      [STATUS]: () => envelope(200, 'Progreso del curso.', merged ? ['12-areas-balance'] : []),
      'GET /api/activity/getActivityRatings': () => envelope(200, 'Calificaciones.', merged ? ratings : {}),
    });
    renderRoute('/cursos/manifiesta/12-areas-balance', { session: makeUser() });
    // While the merge is on its way the page does not show the account without the guest's work: before the
    // fix the wheel's first screen came within a second here, and stayed after the merge.
    const intro = await screen.findByRole('button', { name: 'Comenzar Actividad' }, { timeout: 3000 }).catch(() => null);
    expect(intro).toBeNull();
    expect(api.callsTo('GET /api/activity/getActivityRatings')).toHaveLength(0);

    sync.resolve(envelope(200, 'ok', { completed: ['12-areas-balance'], added: 13, skipped: [] }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Comenzar Actividad' })).toBeNull();
  });

  it("a merge the server refuses does not hold the page: the account's own state shows, the guest's work stays here", async () => {
    window.localStorage.setItem(GUEST_PROGRESS_KEY, JSON.stringify(guestProgress));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      [SYNC]: envelope(500, 'Error del servidor.'),
      [STATUS]: envelope(200, 'Progreso del curso.', []),
      'GET /api/activity/getActivityRatings': envelope(200, 'Calificaciones.', {}),
    });
    renderRoute('/cursos/manifiesta/12-areas-balance', { session: makeUser() });
    expect(await screen.findByRole('button', { name: 'Comenzar Actividad' })).toBeTruthy();
    expect(stored()).not.toBeNull();
  });
});
