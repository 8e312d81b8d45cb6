import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PHASE_ALERT, NO_PHASE_HINT, PHASES, PREMIUM_ALERT, REVELATION_REQUIRED, REVELATION_SAVE_ERROR } from '../../../../../course/meditation';
import { deferred, envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { User } from '../../auth/api/types';
import { createFakeAudio, createFakeClock } from '../engine/fakes';
import { PENDING_REVELATION_KEY } from '../pending-revelation';
import { SETTINGS_KEY } from '../settings';
import { MeditationTool } from './MeditationTool';

const TOOL = '/herramientas/7-fases';
const REVELATIONS = 'GET /api/activity/getRevelations';
const SAVE = 'POST /api/activity/saveRevelation';
const HISTORY = 'GET /api/meditation/history';
const SESSIONS = 'POST /api/meditation/sessions';

const history = (overrides: Record<string, unknown> = {}) =>
  envelope(200, 'Tu historial de meditación.', { totalSeconds: 0, totalMinutes: 0, sessions: 0, streakDays: 0, meditatedToday: false, ...overrides });
const revelation = (id: string, text: string, seconds = 600, date = '2026-03-12T21:30:00.000Z') => ({ Id: id, Revelation: text, DateCreated: date, TotalTimeMeditated: seconds });

function renderTool(session: User | null = null) {
  const clock = createFakeClock();
  const audio = createFakeAudio(clock);
  const view = renderRoute(TOOL, {
    session,
    routes: [
      { path: TOOL, element: <MeditationTool audio={audio} clock={clock} /> },
      { path: '/login', element: <p>Página de inicio de sesión</p> },
    ],
  });
  const advance = (ms: number) => act(() => clock.advance(ms));
  return { ...view, clock, audio, advance };
}

// By label rather than by role: the settings are a long form, and role queries over it are slow under load.
const include = (name: string) => screen.getByLabelText(`Incluir la fase ${name}`);
const control = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const startButton = () => screen.getByRole('button', { name: 'Comenzar Meditación' });
const check = (box: HTMLElement, on: boolean) => {
  if ((box as HTMLInputElement).checked !== on) fireEvent.click(box);
};

/** Two phases (Presencia and Visión) of 3 minutes, no intro, voice or gong. */
function twoShortPhases() {
  for (const phase of PHASES) check(include(phase.name), phase.id === 'presence' || phase.id === 'vision');
  fireEvent.change(control('Duración de Presencia'), { target: { value: '3' } });
  fireEvent.change(control('Duración de Visión'), { target: { value: '3' } });
  for (const name of ['Introducción guiada', 'Voz que anuncia cada fase', 'Gong entre fases']) check(control(name), false);
}

/** Starts and goes straight to the summary with 'Finalizar Meditación'. */
async function finishAt(advance: (ms: number) => Promise<void>, ms = 0) {
  fireEvent.click(startButton());
  if (ms) await advance(ms);
  fireEvent.click(screen.getByRole('button', { name: 'Finalizar Meditación' }));
  await screen.findByRole('heading', { level: 2, name: /Meditación (finalizada|completada)/ });
}

// Whole-form renders and minutes of fake time: more than the default 5 s when the machine is busy.
const SLOW = { timeout: 20_000 };

let alerts: ReturnType<typeof vi.fn>;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  alerts = vi.fn();
  vi.stubGlobal('alert', alerts);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('settings', SLOW, () => {
  it('with no active phase the start button is disabled with the hint; a submit anyway alerts', () => {
    stubApi({});
    renderTool();
    expect(screen.getByText('7 fases · 35 minutos')).toBeTruthy();
    expect(screen.queryByText(NO_PHASE_HINT)).toBeNull();

    for (const phase of PHASES) fireEvent.click(include(phase.name));
    expect((startButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(NO_PHASE_HINT)).toBeTruthy();
    expect(startButton().getAttribute('aria-describedby')).toBe(screen.getByText(NO_PHASE_HINT).id);

    fireEvent.submit(startButton().closest('form')!);
    expect(alerts).toHaveBeenCalledWith(NO_PHASE_ALERT);
    expect(screen.getByRole('heading', { level: 2, name: 'Prepara tu meditación' })).toBeTruthy();
  });

  it('every phase card has its name, description, and labelled controls', () => {
    stubApi({});
    renderTool();
    for (const phase of PHASES) {
      const card = screen.getByRole('heading', { level: 4, name: phase.name }).closest('li')!;
      expect(within(card).getByText(phase.description)).toBeTruthy();
      expect(within(card).getByRole('checkbox', { name: `Incluir la fase ${phase.name}` })).toBeTruthy();
      const slider = within(card).getByRole('slider', { name: `Duración de ${phase.name}` });
      expect([slider.getAttribute('min'), slider.getAttribute('max'), slider.getAttribute('step')]).toEqual(['3', '15', '1']);
      expect((slider as HTMLInputElement).value).toBe('5');
      expect((within(card).getByRole('checkbox', { name: `Meditación guiada de ${phase.name}` }) as HTMLInputElement).checked).toBe(false);
    }
  });

  it('a free user choosing a premium sound gets the alert and keeps the previous choice', () => {
    stubApi({});
    renderTool();
    const background = control('Música de fondo');
    const gong = control('Sonido del gong');
    expect(within(background).getByRole('option', { name: 'Bosque (Premium)' })).toBeTruthy();

    fireEvent.change(background, { target: { value: 'forest' } });
    expect(alerts).toHaveBeenCalledWith(PREMIUM_ALERT);
    expect(background.value).toBe('none');
    fireEvent.change(gong, { target: { value: 'tibetan-bowl' } });
    expect(alerts).toHaveBeenCalledTimes(2);
    expect(gong.value).toBe('gong1');

    // Free sounds are free.
    fireEvent.change(background, { target: { value: 'stress-relief' } });
    expect(background.value).toBe('stress-relief');
    expect(alerts).toHaveBeenCalledTimes(2);
    expect(JSON.parse(window.localStorage.getItem(SETTINGS_KEY)!).settings).toMatchObject({ background: 'stress-relief', gong: 'gong1' });
  });

  it('a premium user (role 7) picks premium sounds, and they play', async () => {
    stubApi({ [REVELATIONS]: envelope(200, 'Tus revelaciones.', []), [HISTORY]: history() });
    const { audio } = renderTool(makeUser({ roles: [7] }));
    expect(screen.queryByText(/se desbloquean con el programa completo/)).toBeNull();
    fireEvent.change(control('Música de fondo'), { target: { value: 'ocean' } });
    fireEvent.change(control('Sonido del gong'), { target: { value: 'crystal-bell' } });
    fireEvent.change(control('Volumen de la música'), { target: { value: '0.55' } });
    expect(alerts).not.toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem(SETTINGS_KEY)!)).toMatchObject({ settings: { background: 'ocean', gong: 'crystal-bell' }, backgroundVolume: 0.55 });

    fireEvent.click(startButton());
    expect(audio.played.map((s) => [s.file, s.options])).toEqual([
      ['bell-start.mp3', undefined],
      ['bg-ocean.mp3', { loop: true, volume: 0.55 }],
    ]);
  });

  it('a premium sound stored earlier is not used by someone without the role', () => {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify({ settings: { background: 'ocean', gong: 'deep-zen-gong' } }));
    stubApi({});
    const { audio } = renderTool();
    expect(control('Música de fondo').value).toBe('none');
    expect(control('Sonido del gong').value).toBe('gong1');
    fireEvent.click(startButton());
    expect(audio.played.map((s) => s.file)).toEqual(['bell-start.mp3']);
  });

  it('the settings are kept in this browser and read back', () => {
    stubApi({});
    const first = renderTool();
    fireEvent.change(control('Duración de Amor'), { target: { value: '12' } });
    fireEvent.click(include('Perdón'));
    fireEvent.click(control('Meditación guiada de Visión'));
    fireEvent.click(control('Voz que anuncia cada fase'));
    const stored = JSON.parse(window.localStorage.getItem(SETTINGS_KEY)!);
    expect(stored).toMatchObject({
      phaseDurations: { love: 12 },
      activePhases: { forgiveness: false },
      activeGuidedMeditations: { vision: true },
      settings: { enableVoice: false },
    });
    first.unmount();

    renderTool();
    expect(control('Duración de Amor').value).toBe('12');
    expect((include('Perdón') as HTMLInputElement).checked).toBe(false);
    expect(control('Voz que anuncia cada fase').checked).toBe(false);
    expect(screen.getByText('6 fases · 37 minutos')).toBeTruthy();
  });
});

describe('meditating', SLOW, () => {
  it('counts down each active phase, then shows the minutes and records the session with an idempotency key', async () => {
    const keys: (string | null)[] = [];
    const api = stubApi({
      [REVELATIONS]: envelope(200, 'Tus revelaciones.', []),
      [HISTORY]: history(),
      [SESSIONS]: (request) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return history({ totalSeconds: 1260, totalMinutes: 21, sessions: 4, streakDays: 3, meditatedToday: true });
      },
    });
    const { advance, audio } = renderTool(makeUser());
    twoShortPhases();
    expect(screen.getByText('2 fases · 6 minutos')).toBeTruthy();
    fireEvent.click(startButton());

    expect(await screen.findByRole('heading', { level: 2, name: 'Prepárate' })).toBeTruthy();
    await advance(7_000);
    expect(screen.getByRole('heading', { level: 2, name: 'Presencia' })).toBeTruthy();
    expect(screen.getByText('Fase 1 de 2')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('03:00');
    await advance(1_000);
    expect(screen.getByRole('timer').textContent).toBe('02:59');
    await advance(179_000);
    expect(screen.getByRole('heading', { level: 2, name: 'Visión' })).toBeTruthy();
    expect(screen.getByText('Fase 2 de 2')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await advance(90_000);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await advance(90_000);

    expect(screen.getByRole('heading', { level: 2, name: 'Meditación completada' })).toBeTruthy();
    expect(screen.getByText('6 minutos')).toBeTruthy();
    expect(audio.played.map((s) => s.file)).toEqual(['bell-start.mp3', 'bell-end.mp3']);

    await waitFor(() => expect(api.callsTo(SESSIONS)).toHaveLength(1));
    expect(api.callsTo(SESSIONS)[0]!.body).toEqual({
      seconds: 360,
      activePhases: ['presence', 'vision'],
      outcome: 'completed',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(keys[0]).toMatch(/^[\w-]{16,}$/);
    expect(await screen.findByText('Racha: 3 días seguidos · hoy ya meditaste')).toBeTruthy();
    expect(screen.getByText('21')).toBeTruthy();
  });

  it("'Finalizar Meditación' stops at once; a stopped session is recorded as such; 'Meditar de Nuevo' goes back", async () => {
    const api = stubApi({ [REVELATIONS]: envelope(200, 'Tus revelaciones.', []), [HISTORY]: history(), [SESSIONS]: history() });
    const { advance, audio } = renderTool(makeUser());
    twoShortPhases();
    await finishAt(advance, 7_000 + 125_000);

    expect(screen.getByRole('heading', { level: 2, name: 'Meditación finalizada' })).toBeTruthy();
    expect(screen.getByText('2 minutos')).toBeTruthy();
    expect(audio.played.every((s) => s.stoppedAt !== null || s.file === 'bell-start.mp3')).toBe(true);
    await waitFor(() => expect(api.callsTo(SESSIONS)).toHaveLength(1));
    expect(api.callsTo(SESSIONS)[0]!.body).toMatchObject({ seconds: 125, outcome: 'stopped' });

    fireEvent.click(screen.getByRole('button', { name: 'Meditar de Nuevo' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Prepara tu meditación' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Prepara tu meditación' })));
  });

  it('nothing is recorded for a session with no meditated seconds, nor for a guest', async () => {
    const api = stubApi({ [REVELATIONS]: envelope(200, 'Tus revelaciones.', []), [HISTORY]: history() });
    const user = renderTool(makeUser());
    await finishAt(user.advance, 3_000);
    expect(screen.getByText('0 minutos')).toBeTruthy();
    user.unmount();

    const guest = renderTool();
    twoShortPhases();
    await finishAt(guest.advance, 60_000);
    expect(screen.getByText('0 minutos')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo(SESSIONS)).toHaveLength(0);
  });
});

describe('revelations', SLOW, () => {
  it('a blank revelation says so and sends nothing', async () => {
    const api = stubApi({ [REVELATIONS]: envelope(200, 'Tus revelaciones.', []), [HISTORY]: history() });
    const { advance } = renderTool(makeUser());
    await finishAt(advance);
    fireEvent.change(screen.getByRole('textbox', { name: /Qué se te reveló/ }), { target: { value: '   \n ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar revelación' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REVELATION_REQUIRED);
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it('a saved revelation joins the list, newest first, with its date and minutes', async () => {
    let stored = [revelation('r1', 'Soltar también es avanzar.', 900)];
    const save = deferred();
    const api = stubApi({
      [REVELATIONS]: () => envelope(200, 'Tus revelaciones.', stored),
      [HISTORY]: history(),
      [SESSIONS]: history(),
      [SAVE]: () => save.promise,
    });
    const { advance } = renderTool(makeUser());
    expect(await screen.findByText('Soltar también es avanzar.')).toBeTruthy();
    expect(screen.getByText(/15 minutos de meditación/)).toBeTruthy();
    expect(screen.getByText(/12 de marzo de 2026/)).toBeTruthy();

    twoShortPhases();
    await finishAt(advance, 7_000 + 61_000);
    fireEvent.change(screen.getByRole('textbox', { name: /Qué se te reveló/ }), { target: { value: '  La calma ya estaba en mí.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar revelación' }));
    expect(await screen.findByRole('button', { name: 'Guardando...' })).toBeTruthy();

    const saved = revelation('r2', 'La calma ya estaba en mí.', 61, '2026-03-13T10:00:00.000Z');
    stored = [saved, ...stored];
    save.resolve(envelope(200, 'Revelación guardada.', saved));
    expect(await screen.findByText('Tu revelación quedó guardada.')).toBeTruthy();
    expect(api.callsTo(SAVE)[0]!.body).toEqual({ revelation: 'La calma ya estaba en mí.', totalTimeMeditated: 61 });
    expect((screen.getByRole('textbox', { name: /Qué se te reveló/ }) as HTMLTextAreaElement).value).toBe('');

    const list = screen.getByRole('region', { name: 'Tus revelaciones' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('p:last-child')!.textContent)).toEqual(['La calma ya estaba en mí.', 'Soltar también es avanzar.']));
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('1 minuto de meditación');
  });

  it("a failed save shows the server's message, or the spec's when there is none", async () => {
    const answers = [envelope(400, 'Tu revelación puede tener hasta 5.000 caracteres.'), new Response('<html>Bad gateway</html>', { status: 502 })];
    stubApi({ [REVELATIONS]: envelope(200, 'Tus revelaciones.', []), [HISTORY]: history(), [SAVE]: () => answers.shift()! });
    const { advance } = renderTool(makeUser());
    await finishAt(advance);
    fireEvent.change(screen.getByRole('textbox', { name: /Qué se te reveló/ }), { target: { value: 'Una frase.' } });

    fireEvent.click(screen.getByRole('button', { name: 'Guardar revelación' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tu revelación puede tener hasta 5.000 caracteres.');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar revelación' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(REVELATION_SAVE_ERROR));
    // The text stays, to try again.
    expect((screen.getByRole('textbox', { name: /Qué se te reveló/ }) as HTMLTextAreaElement).value).toBe('Una frase.');
  });

  it("a guest's revelation waits in session storage while they sign in", async () => {
    const api = stubApi({});
    const { advance, router } = renderTool();
    twoShortPhases();
    await finishAt(advance, 7_000 + 200_000);
    expect(screen.getByText(/Para guardar tus revelaciones necesitas iniciar sesión/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Tus revelaciones' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /Qué se te reveló/ }), { target: { value: 'Elijo confiar.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar e iniciar sesión' }));

    expect(await screen.findByText('Página de inicio de sesión')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?redirect=/herramientas/7-fases');
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_REVELATION_KEY)!)).toEqual({ revelation: 'Elijo confiar.', totalTimeMeditated: 200 });
    expect(api.calls).toHaveLength(0);
  });
});
