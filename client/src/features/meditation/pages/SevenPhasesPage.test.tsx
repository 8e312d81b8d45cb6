import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { PENDING_REVELATION_KEY } from '../pending-revelation';

const pending = { revelation: 'Mi cuerpo sabe descansar.', totalTimeMeditated: 365 };
const saved = { Id: 'r9', Revelation: pending.revelation, DateCreated: '2026-03-12T21:30:00.000Z', TotalTimeMeditated: 365 };
const history = envelope(200, 'Tu historial de meditación.', { totalSeconds: 365, totalMinutes: 6, sessions: 1, streakDays: 1, meditatedToday: true });

beforeEach(() => window.sessionStorage.setItem(PENDING_REVELATION_KEY, JSON.stringify(pending)));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

async function logInThroughTheForm() {
  fireEvent.change(await screen.findByLabelText('Correo electrónico', {}, { timeout: 10_000 }), { target: { value: 'lucia@example.com' } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'respira-y-suelta' } });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

describe('/herramientas/7-fases', { timeout: 20_000 }, () => {
  it('shows the tool under a heading and a warm introduction', async () => {
    stubApi({});
    renderRoute('/herramientas/7-fases');
    // The first render loads the page's lazy chunk: slow when cold.
    expect(await screen.findByRole('heading', { level: 1, name: 'Meditación de las 7 Fases' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/Siete estaciones para volver a ti/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Prepara tu meditación' })).toBeTruthy();
    expect(document.title).toBe('Meditación de las 7 Fases · Manifiesta');
  });

  it("a guest's pending revelation is saved after signing in, and is in the list back on the tool", async () => {
    let list: unknown[] = [];
    const api = stubApi({
      'POST /api/auth/login': envelope(200, 'Sesión iniciada.', makeUser()),
      'POST /api/activity/saveRevelation': () => {
        list = [saved];
        return envelope(200, 'Revelación guardada.', saved);
      },
      'GET /api/activity/getRevelations': () => envelope(200, 'Tus revelaciones.', list),
      'GET /api/meditation/history': history,
      // Signing in refreshes every cached query but the session's, the site notice among them.
      'GET /api/app/notification': () => envelope(200, 'Sin avisos.', null),
    });
    const { router } = renderRoute('/login?redirect=/herramientas/7-fases');
    await logInThroughTheForm();

    await waitFor(() => expect(router.state.location.pathname).toBe('/herramientas/7-fases'));
    const revelations = await screen.findByRole('region', { name: 'Tus revelaciones' }, { timeout: 10_000 });
    expect(within(revelations).getByText(pending.revelation)).toBeTruthy();
    expect(within(revelations).getByText(/6 minutos de meditación/)).toBeTruthy();
    expect(window.sessionStorage.getItem(PENDING_REVELATION_KEY)).toBeNull();
    expect(api.callsTo('POST /api/activity/saveRevelation').map((call) => call.body)).toEqual([pending]);
    expect(api.unexpected).toEqual([]);
  });

  it('when saving it fails, the revelation stays in this browser for a later try', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'POST /api/auth/login': envelope(200, 'Sesión iniciada.', makeUser()),
      'POST /api/activity/saveRevelation': envelope(503, 'El servicio no está disponible. Inténtalo en unos minutos.'),
      'GET /api/activity/getRevelations': envelope(200, 'Tus revelaciones.', []),
      'GET /api/meditation/history': history,
      // Signing in refreshes every cached query but the session's, the site notice among them.
      'GET /api/app/notification': () => envelope(200, 'Sin avisos.', null),
    });
    const { router } = renderRoute('/login?redirect=/herramientas/7-fases');
    await logInThroughTheForm();

    await waitFor(() => expect(router.state.location.pathname).toBe('/herramientas/7-fases'));
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('No se pudo guardar tu revelación en tu cuenta:', 'El servicio no está disponible. Inténtalo en unos minutos.'),
    );
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_REVELATION_KEY)!)).toEqual(pending);
    expect(await screen.findByText(/Todavía no guardaste revelaciones/)).toBeTruthy();
  });
});
