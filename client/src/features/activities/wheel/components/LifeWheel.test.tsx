import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIFE_AREAS } from '../../../../../../course/areas';
import { GUEST_PROGRESS_KEY } from '../../../../lib/guest-progress';
import { deferred, envelope, makeUser, stubApi } from '../../../../testing/fake-api';
import { renderRoute } from '../../../../testing/render-route';

const PATH = '/cursos/manifiesta/12-areas-balance';
const STATUS = 'GET /api/activity/getCompletionStatus';
const RATINGS = 'GET /api/activity/getActivityRatings';
const SAVE = 'POST /api/activity/saveRating';
const COMPLETE = 'POST /api/activity/markAsComplete';
const LOGOUT = 'POST /api/auth/logout';

const ratingsAnswer = (ratings: Record<string, number>) => envelope(200, 'Calificaciones.', ratings);
const storedGuest = () =>
  JSON.parse(window.localStorage.getItem(GUEST_PROGRESS_KEY) ?? 'null') as { completedSlugs: string[]; activityData: Record<string, unknown> } | null;

/** Scores for every area, in the default order. */
const allScores = (scores: number[]) => Object.fromEntries(LIFE_AREAS.map((a, i) => [a.id, scores[i]!]));
// love 9, friendships 2, finances 5, quality 7, health 1, intellectual 10, emotional 4, spiritual 6, career 3,
// character 8, family 0, vision 6.
const SAMPLE = allScores([9, 2, 5, 7, 1, 10, 4, 6, 3, 8, 0, 6]);

const currentArea = async () => (await screen.findByRole('radiogroup')).getAttribute('aria-labelledby');
const areaTitle = async () => document.getElementById((await currentArea())!)!.textContent;
const radio = (score: number) => screen.getByRole('radio', { name: String(score) });
const progressNames = () =>
  within(screen.getByRole('navigation', { name: 'Tu Progreso' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('span')!.textContent);

async function startAsGuest() {
  renderRoute(PATH);
  fireEvent.click(await screen.findByRole('button', { name: 'Comenzar Actividad' }));
  await screen.findByRole('radiogroup');
}

let alert: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  window.localStorage.clear();
  alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  // The failures these tests provoke are logged on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

// The route and the body (with d3) are lazy chunks: load them once, so the first test does not spend its
// waiting time compiling them on a busy machine.
beforeAll(() => Promise.all([import('../../../../app/routes/ActivityRoute'), import('./LifeWheel')]));

describe('life wheel: the rating wizard', () => {
  it('starts with the intro, then rates one area at a time and advances', async () => {
    const api = stubApi({});
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 2, name: 'El Primer Paso: Tu Diagnóstico de Vida' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar Actividad' }));

    expect(await areaTitle()).toBe('Amor y Pareja');
    expect(screen.getByText('Área 1 de 12')).toBeTruthy();
    expect(screen.getByText(LIFE_AREAS[0]!.description)).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);

    fireEvent.click(radio(7));
    await waitFor(async () => expect(await areaTitle()).toBe('Amistades'));
    expect(screen.getByText('Área 2 de 12')).toBeTruthy();
    expect(radio(7).getAttribute('aria-checked')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await areaTitle()).toBe('Amor y Pareja');
    expect(radio(7).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await areaTitle()).toBe('Amistades');
    // A guest's wheel makes no call.
    expect(api.calls).toHaveLength(0);
  });

  it("moves the most recently rated area to the top of 'Tu Progreso', and an entry jumps to its area", async () => {
    stubApi({});
    await startAsGuest();
    expect(progressNames().slice(0, 3)).toEqual(['Amor y Pareja', 'Amistades', 'Finanzas']);

    fireEvent.click(radio(8));
    await waitFor(async () => expect(await areaTitle()).toBe('Amistades'));
    fireEvent.click(radio(3));
    await waitFor(async () => expect(await areaTitle()).toBe('Finanzas'));
    expect(progressNames().slice(0, 3)).toEqual(['Amistades', 'Amor y Pareja', 'Finanzas']);

    const list = screen.getByRole('navigation', { name: 'Tu Progreso' });
    expect(within(list).getByRole('button', { name: /Amistades/ }).textContent).toContain('3');
    expect(
      within(list)
        .getByRole('button', { name: /Finanzas/ })
        .getAttribute('aria-current'),
    ).toBe('step');

    fireEvent.click(within(list).getByRole('button', { name: /Salud y Bienestar Físico/ }));
    expect(await areaTitle()).toBe('Salud y Bienestar Físico');
    fireEvent.click(radio(6));
    await waitFor(async () => expect(await areaTitle()).toBe('Vida Intelectual'));
    expect(progressNames()[0]).toBe('Salud y Bienestar Físico');

    // Rating an area again moves it back to the top.
    fireEvent.click(within(list).getByRole('button', { name: /Amor y Pareja/ }));
    expect(await areaTitle()).toBe('Amor y Pareja');
    fireEvent.click(radio(9));
    await waitFor(() => expect(progressNames().slice(0, 3)).toEqual(['Amor y Pareja', 'Salud y Bienestar Físico', 'Amistades']));
  });

  it("offers 'Finalizar y ver Resumen' only once all 12 are rated, and does not advance past the last", async () => {
    stubApi({});
    await startAsGuest();
    for (let i = 0; i < 11; i++) {
      expect(screen.queryByRole('button', { name: 'Finalizar y ver Resumen' })).toBeNull();
      fireEvent.click(radio(5));
      await waitFor(async () => expect(await areaTitle()).toBe(LIFE_AREAS[i + 1]!.title));
    }
    expect(screen.queryByRole('button', { name: 'Finalizar y ver Resumen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    fireEvent.click(radio(4));
    expect(await screen.findByRole('button', { name: 'Finalizar y ver Resumen' })).toBeTruthy();
    expect(await areaTitle()).toBe('Visión de Vida');
    expect(radio(4).getAttribute('aria-checked')).toBe('true');
  });

  it('arrow keys move the focus along the scale (one Tab stop) without choosing', async () => {
    stubApi({});
    await startAsGuest();
    const group = screen.getByRole('radiogroup');
    const tabbable = () =>
      within(group)
        .getAllByRole('radio')
        .filter((r) => r.tabIndex === 0);
    expect(tabbable().map((r) => r.textContent)).toEqual(['0']);

    radio(0).focus();
    fireEvent.keyDown(radio(0), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radio(1));
    fireEvent.keyDown(radio(1), { key: 'End' });
    expect(document.activeElement).toBe(radio(10));
    fireEvent.keyDown(radio(10), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(radio(9));
    expect(tabbable().map((r) => r.textContent)).toEqual(['9']);
    expect(
      within(group)
        .getAllByRole('radio')
        .some((r) => r.getAttribute('aria-checked') === 'true'),
    ).toBe(false);
    expect(await areaTitle()).toBe('Amor y Pareja');
  });

  it("keeps a guest's ratings in this browser as activityData['12-areas-balance'].ratings, with what was there", async () => {
    window.localStorage.setItem(GUEST_PROGRESS_KEY, JSON.stringify({ completedSlugs: [], activityData: { '12-areas-balance': { reflection: 'Algo mío' } } }));
    stubApi({});
    await startAsGuest();
    fireEvent.click(radio(7));
    await waitFor(() => expect(storedGuest()?.activityData['12-areas-balance']).toEqual({ reflection: 'Algo mío', ratings: { 'love-relationship': 7 } }));
    fireEvent.click(radio(2));
    await waitFor(() =>
      expect(storedGuest()?.activityData['12-areas-balance']).toEqual({ reflection: 'Algo mío', ratings: { 'love-relationship': 7, friendships: 2 } }),
    );
    expect(storedGuest()?.completedSlugs).toEqual([]);
  });

  it('a guest who rated all 12 and left before finishing: coming back completes the activity here, then the summary', async () => {
    window.localStorage.setItem(GUEST_PROGRESS_KEY, JSON.stringify({ completedSlugs: [], activityData: { '12-areas-balance': { ratings: SAMPLE } } }));
    const api = stubApi({});
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toBeTruthy();
    // The syllabus counts it: the summary is never shown for an activity it does not count as done.
    expect(storedGuest()?.completedSlugs).toEqual(['12-areas-balance']);
    expect(storedGuest()?.activityData['12-areas-balance']).toEqual({ ratings: SAMPLE });
    expect(api.calls).toHaveLength(0);
  });

  it('a guest finishes locally: the completion and the ratings stay in this browser, then the summary', async () => {
    const almost = Object.fromEntries(Object.entries(SAMPLE).filter(([id]) => id !== 'life-vision'));
    window.localStorage.setItem(GUEST_PROGRESS_KEY, JSON.stringify({ completedSlugs: [], activityData: { '12-areas-balance': { ratings: almost } } }));
    const api = stubApi({});
    renderRoute(PATH);
    expect(await screen.findByText('Ya calificaste 11 de 12 áreas: seguimos donde lo dejaste.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar Actividad' }));
    // Resumes at the first area without a score.
    expect(await areaTitle()).toBe('Visión de Vida');
    fireEvent.click(radio(6));
    fireEvent.click(await screen.findByRole('button', { name: 'Finalizar y ver Resumen' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toBeTruthy();
    expect(storedGuest()).toEqual({ completedSlugs: ['12-areas-balance'], activityData: { '12-areas-balance': { ratings: SAMPLE } } });
    expect(api.calls).toHaveLength(0);
  });
});

describe('life wheel: a signed-in user', () => {
  it("loads with 'Cargando tu viaje...', saves each score first and ignores clicks while saving", async () => {
    const loading = deferred();
    const saving = deferred();
    const api = stubApi({
      [STATUS]: envelope(200, 'Progreso.', []),
      [RATINGS]: () => loading.promise,
      [SAVE]: () => saving.promise,
    });
    renderRoute(PATH, { session: makeUser() });

    expect(await screen.findByText('Cargando tu viaje...')).toBeTruthy();
    loading.resolve(ratingsAnswer({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar Actividad' }));
    await screen.findByRole('radiogroup');
    expect(api.callsTo(RATINGS)[0]!.url.searchParams.get('activityId')).toBe('12-areas-balance');

    fireEvent.click(radio(6));
    expect(await screen.findByText('Guardando...')).toBeTruthy();
    fireEvent.click(radio(8));
    fireEvent.click(radio(2));
    // Long enough for a request the clicks might have started to reach fetch.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo(SAVE)).toHaveLength(1);
    expect(radio(6).getAttribute('aria-checked')).toBe('true');
    expect(api.callsTo(SAVE)[0]!.body).toEqual({ activityId: '12-areas-balance', areaId: 'love-relationship', score: 6 });
    expect(await areaTitle()).toBe('Amor y Pareja');

    saving.resolve(ratingsAnswer({ 'love-relationship': 6 }));
    await waitFor(async () => expect(await areaTitle()).toBe('Amistades'));
    expect(screen.queryByText('Guardando...')).toBeNull();
    expect(window.localStorage.getItem(GUEST_PROGRESS_KEY)).toBeNull();
  });

  it('a failed save rolls the score back, stays on the area and says so in an alert', async () => {
    const api = stubApi({
      [STATUS]: envelope(200, 'Progreso.', []),
      [RATINGS]: ratingsAnswer({ 'love-relationship': 4 }),
      [SAVE]: envelope(500, 'Ocurrió un error al procesar tu solicitud.'),
    });
    renderRoute(PATH, { session: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar Actividad' }));
    // Resumes at the first unrated area; go back to the rated one.
    expect(await areaTitle()).toBe('Amistades');
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(radio(4).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(radio(9));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('No se pudo guardar tu calificación. Por favor, inténtalo de nuevo.'));
    expect(radio(4).getAttribute('aria-checked')).toBe('true');
    expect(radio(9).getAttribute('aria-checked')).toBe('false');
    expect(await areaTitle()).toBe('Amor y Pareja');
    expect(api.callsTo(SAVE)).toHaveLength(1);
    // Clicks count again once the save is over.
    fireEvent.click(radio(9));
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(2));
  });

  it('a 401 rolls the score back, signs out, says the session expired and goes to /login', async () => {
    let alertedWhileSignedOut = false;
    const loggingOut = deferred();
    const api = stubApi({
      [STATUS]: envelope(200, 'Progreso.', []),
      [RATINGS]: ratingsAnswer({}),
      [SAVE]: envelope(401, 'Tu sesión ha expirado. Por favor, inicia sesión de nuevo.'),
      [LOGOUT]: () => loggingOut.promise,
    });
    const { router, session } = renderRoute(PATH, { session: makeUser() });
    alert.mockImplementation(() => {
      alertedWhileSignedOut = session() === null;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar Actividad' }));
    await screen.findByRole('radiogroup');
    fireEvent.click(radio(7));

    // While the sign-out is on its way, the score is already back.
    await waitFor(() => expect(api.callsTo(LOGOUT)).toHaveLength(1));
    expect(radio(7).getAttribute('aria-checked')).toBe('false');
    expect(await areaTitle()).toBe('Amor y Pareja');
    expect(alert).not.toHaveBeenCalled();

    loggingOut.resolve(envelope(200, 'Sesión cerrada.'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=/cursos/manifiesta/12-areas-balance');
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Tu sesión ha expirado. Por favor, inicia sesión de nuevo.');
    expect(alertedWhileSignedOut).toBe(true);
    // Nothing was kept as a guest's either.
    expect(window.localStorage.getItem(GUEST_PROGRESS_KEY)).toBeNull();
  });

  it('a user who rated all 12 and left before finishing: coming back records the completion, then the summary', async () => {
    const recording = deferred();
    const api = stubApi({
      [STATUS]: envelope(200, 'Progreso.', []),
      [RATINGS]: ratingsAnswer(SAMPLE),
      [COMPLETE]: () => recording.promise,
    });
    renderRoute(PATH, { session: makeUser() });

    // While the completion is on its way, no summary yet.
    await waitFor(() => expect(api.callsTo(COMPLETE)).toHaveLength(1));
    expect(screen.queryByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toBeNull();
    recording.resolve(envelope(200, 'Actividad completada.', ['12-areas-balance']));

    expect(await screen.findByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toBeTruthy();
    expect(api.callsTo(COMPLETE).map((c) => c.body)).toEqual([{ activityId: '12-areas-balance' }]);
    expect(alert).not.toHaveBeenCalled();
  });

  it('when that completion is refused (403), the user lands on the last area with its finish button, not on the summary', async () => {
    const api = stubApi({
      [STATUS]: envelope(200, 'Progreso.', []),
      [RATINGS]: ratingsAnswer(SAMPLE),
      [COMPLETE]: envelope(403, 'Completa la actividad anterior antes de continuar con esta.'),
    });
    renderRoute(PATH, { session: makeUser() });

    expect(await screen.findByRole('button', { name: 'Finalizar y ver Resumen' })).toBeTruthy();
    expect(await areaTitle()).toBe('Visión de Vida');
    expect(screen.getByText('Área 12 de 12')).toBeTruthy();
    expect(radio(6).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toBeNull();
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
  });

  it('goes straight to the summary when all 12 ratings exist', async () => {
    stubApi({ [STATUS]: envelope(200, 'Progreso.', ['12-areas-balance']), [RATINGS]: ratingsAnswer(SAMPLE) });
    renderRoute(PATH, { session: makeUser() });

    expect(await screen.findByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'El Primer Paso: Tu Diagnóstico de Vida' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('the summary: the chart, the 3 strongest and the 3 weakest with their scores', async () => {
    stubApi({ [STATUS]: envelope(200, 'Progreso.', ['12-areas-balance']), [RATINGS]: ratingsAnswer(SAMPLE) });
    renderRoute(PATH, { session: makeUser() });

    const strong = await screen.findByRole('region', { name: 'Tus Fortalezas' });
    const rows = (region: HTMLElement) =>
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(rows(strong)).toEqual(['Vida Intelectual10 de 10', 'Amor y Pareja9 de 10', 'Carácter8 de 10']);
    expect(rows(screen.getByRole('region', { name: 'Tus Áreas de Oportunidad' }))).toEqual([
      'Familia y Crianza0 de 10',
      'Salud y Bienestar Físico1 de 10',
      'Amistades2 de 10',
    ]);
    const chart = screen.getByRole('img', { name: /Gráfico de radar/ });
    expect(chart.querySelectorAll('circle[data-area]')).toHaveLength(12);
    expect(screen.getByRole('table', { name: 'Tus calificaciones por área' })).toBeTruthy();
  });

  it("'Rehacer Actividad' goes back to area 1 with the answers kept", async () => {
    stubApi({ [STATUS]: envelope(200, 'Progreso.', ['12-areas-balance']), [RATINGS]: ratingsAnswer(SAMPLE) });
    renderRoute(PATH, { session: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Rehacer Actividad' }));

    expect(await areaTitle()).toBe('Amor y Pareja');
    expect(radio(9).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('button', { name: 'Finalizar y ver Resumen' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Amor y Pareja'));
  });

  it('finishing posts the completion, then shows the summary; a failure says so and stays', async () => {
    let refuse = true;
    const api = stubApi({
      [STATUS]: envelope(200, 'Progreso.', []),
      [RATINGS]: ratingsAnswer(SAMPLE),
      [COMPLETE]: () => (refuse ? envelope(500, 'Error del servidor.') : envelope(200, 'Actividad completada.', ['12-areas-balance'])),
    });
    renderRoute(PATH, { session: makeUser() });
    // All rated but not completed: arriving tries the completion, fails quietly and lands on the last area.
    fireEvent.click(await screen.findByRole('button', { name: 'Finalizar y ver Resumen' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Hubo un problema al finalizar la actividad. Inténtalo de nuevo.'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('radiogroup')).toBeTruthy();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar y ver Resumen' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' })).toBeTruthy();
    expect(api.callsTo(COMPLETE)).toHaveLength(3);
  });

  it("'Ir a la Siguiente Actividad' takes a user on to the next activity; 'Volver al Temario' to the syllabus", async () => {
    stubApi({
      [STATUS]: envelope(200, 'Progreso.', ['12-areas-balance']),
      [RATINGS]: ratingsAnswer(SAMPLE),
      'GET /api/activity/getAreaDefinitions': envelope(200, 'Respuestas.', { definitions: {}, ratings: SAMPLE }),
    });
    const { router } = renderRoute(PATH, { session: makeUser() });
    await screen.findByRole('heading', { level: 2, name: 'Tu Rueda de la Vida' });
    const back = screen.getAllByRole('link', { name: 'Volver al Temario' });
    expect(back.every((link) => link.getAttribute('href') === '/cursos/manifiesta')).toBe(true);
    expect(back.length).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Ir a la Siguiente Actividad' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cursos/manifiesta/concientizando-areas-balance'));
  });

  it('a failed load offers to try again', async () => {
    let fail = true;
    stubApi({
      [STATUS]: envelope(200, 'Progreso.', []),
      [RATINGS]: () => (fail ? envelope(400, 'Esta actividad no guarda esa información.') : ratingsAnswer({})),
    });
    renderRoute(PATH, { session: makeUser() });
    expect((await screen.findByRole('alert')).textContent).toContain('Error de conexión. Revisa tu conexión e inténtalo de nuevo.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Comenzar Actividad' })).toBeTruthy();
  });
});
