import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PHASE_ALERT, NO_PHASE_HINT, PHASES, PREMIUM_ALERT, REVELATION_REQUIRED, REVELATION_SAVE_ERROR } from '../../../../../course/meditation';
import { deferred, envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { User } from '../../../api/account-types';
import { createFakeAudio, createFakeClock } from '../engine/fakes';
import { PENDING_REVELATION_KEY } from '../pending-revelation';
import { SETTINGS_KEY } from '../settings';
import { LAST_ACCOUNT_KEY } from '../../../lib/session/last-account';
import { OUTBOX_KEY, readOutbox } from '../../../lib/outbox';
import { MeditationTool } from './MeditationTool';

const TOOL = '/herramientas/7-fases';
const REVELATIONS = 'GET /api/activity/getRevelations';
const SAVE = 'POST /api/activity/saveRevelation';
const HISTORY = 'GET /api/meditation/history';
const SESSIONS = 'POST /api/meditation/sessions';

const history = (overrides: Record<string, unknown> = {}) =>
  envelope(200, 'Tu historial de meditación.', { totalSeconds: 0, totalMinutes: 0, sessions: 0, streakDays: 0, meditatedToday: false, ...overrides });
const revelation = (id: string, text: string, seconds = 600, date = '2026-03-12T21:30:00.000Z') => ({
  Id: id,
  Revelation: text,
  DateCreated: date,
  TotalTimeMeditated: seconds,
});

function renderTool(session: User | null | 'check' = null) {
  const clock = createFakeClock();
  const audio = createFakeAudio(clock);
  // The screen's wake lock, as the tool asks for it: every hold(true/false) in order.
  const holds: boolean[] = [];
  const wakeLock = () => ({ hold: (on: boolean) => void holds.push(on), dispose: () => {} });
  const view = renderRoute(TOOL, {
    session,
    routes: [
      { path: TOOL, element: <MeditationTool audio={audio} clock={clock} wakeLock={wakeLock} /> },
      { path: '/login', element: <p>Página de inicio de sesión</p> },
    ],
  });
  const advance = (ms: number) => act(() => clock.advance(ms));
  return { ...view, clock, audio, advance, holds };
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
    expect(screen.getByText('7 fases · 35 minutos · Sin música de fondo · Con voz')).toBeTruthy();
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
    expect(JSON.parse(window.localStorage.getItem(SETTINGS_KEY)!)).toMatchObject({
      settings: { background: 'ocean', gong: 'crystal-bell' },
      backgroundVolume: 0.55,
    });

    fireEvent.click(startButton());
    expect(audio.played.map((s) => [s.file, s.options])).toEqual([
      ['bell-start.mp3', { volume: 1 }],
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
    expect(screen.getByText('6 fases · 37 minutos · Sin música de fondo · Sin voz')).toBeTruthy();
  });
});

describe('the first screen', SLOW, () => {
  it('the settings are folded into one line above the start button, and open on demand', () => {
    stubApi({});
    renderTool();
    const summary = screen.getByText('7 fases · 35 minutos · Sin música de fondo · Con voz');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    // The start button comes right after the line, before any phase card.
    expect(details.compareDocumentPosition(startButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(details.contains(startButton())).toBe(false);
    expect(details.contains(include('Presencia'))).toBe(true);

    fireEvent.click(summary.closest('summary')!);
    expect(details.open).toBe(true);
    fireEvent.click(include('Amor'));
    fireEvent.change(control('Música de fondo'), { target: { value: 'stress-relief' } });
    expect(screen.getByText('6 fases · 30 minutos · Alivio del estrés · Con voz')).toBeTruthy();
  });
});

describe('while playing', SLOW, () => {
  it('the wait before the first phase is counted down: to the intro, then through it', async () => {
    stubApi({});
    const { advance } = renderTool();
    fireEvent.click(startButton());
    expect(screen.getByText('La introducción empieza en')).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'La introducción empieza en' }).textContent).toBe('00:07');
    await advance(3_000);
    expect(screen.getByRole('timer').textContent).toBe('00:04');
    // The fake intro lasts 2 s: then 7 s more to the first phase.
    await advance(4_000);
    expect(screen.getByRole('heading', { level: 2, name: 'Introducción' })).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Tu primera fase empieza en' }).textContent).toBe('00:09');
    await advance(9_000);
    expect(screen.getByRole('heading', { level: 2, name: 'Presencia' })).toBeTruthy();
  });

  it('pause holds the countdown and the screen lock; resume and skip go on; the volume applies at once and is kept', async () => {
    stubApi({});
    const { advance, audio, holds } = renderTool();
    twoShortPhases();
    fireEvent.change(control('Música de fondo'), { target: { value: 'stress-relief' } });
    expect(holds.every((on) => !on)).toBe(true);
    fireEvent.click(startButton());
    expect(holds.at(-1)).toBe(true);
    await advance(7_000 + 10_000);
    expect(screen.getByRole('timer').textContent).toBe('02:50');

    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(screen.getByText(/En pausa\. Tómate el tiempo que necesites/)).toBeTruthy();
    expect(holds.at(-1)).toBe(false);
    await advance(60_000);
    expect(screen.getByRole('timer').textContent).toBe('02:50');
    expect(audio.played.find((s) => s.file === 'bg-stress-relief.mp3')!.paused).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Reanudar' }));
    expect(holds.at(-1)).toBe(true);
    await advance(1_000);
    expect(screen.getByRole('timer').textContent).toBe('02:49');

    fireEvent.change(screen.getByRole('slider', { name: 'Volumen' }), { target: { value: '0.5' } });
    expect(audio.played.find((s) => s.file === 'bg-stress-relief.mp3')!.volume).toBeCloseTo(0.15);
    expect(JSON.parse(window.localStorage.getItem(SETTINGS_KEY)!).volume).toBe(0.5);

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente fase' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Visión' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('03:00');
    fireEvent.click(screen.getByRole('button', { name: 'Terminar fase' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Meditación completada' })).toBeTruthy();
    expect(holds.at(-1)).toBe(false);
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
    expect(screen.getByText('2 fases · 6 minutos · Sin música de fondo · Sin voz')).toBeTruthy();
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

    // The time played: the 7 s before the first phase and the two phases.
    await waitFor(() => expect(api.callsTo(SESSIONS)).toHaveLength(1));
    expect(api.callsTo(SESSIONS)[0]!.body).toEqual({
      seconds: 367,
      activePhases: ['presence', 'vision'],
      outcome: 'completed',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      endedSecondsAgo: 0,
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
    expect(api.callsTo(SESSIONS)[0]!.body).toMatchObject({ seconds: 132, outcome: 'stopped' });

    fireEvent.click(screen.getByRole('button', { name: 'Meditar de Nuevo' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Prepara tu meditación' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Prepara tu meditación' })));
  });

  it("a session under a minute shows its seconds and is not recorded; nor is a guest's", async () => {
    const api = stubApi({ [REVELATIONS]: envelope(200, 'Tus revelaciones.', []), [HISTORY]: history() });
    const user = renderTool(makeUser());
    await finishAt(user.advance, 45_000);
    expect(screen.getByText('45 segundos')).toBeTruthy();
    user.unmount();

    const guest = renderTool();
    twoShortPhases();
    await finishAt(guest.advance, 7_000 + 200_000);
    expect(screen.getByText('3 minutos')).toBeTruthy();
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
    expect(api.callsTo(SAVE)[0]!.body).toEqual({ revelation: 'La calma ya estaba en mí.', totalTimeMeditated: 68 });
    expect((screen.getByRole('textbox', { name: /Qué se te reveló/ }) as HTMLTextAreaElement).value).toBe('');

    const list = screen.getByRole('region', { name: 'Tus revelaciones' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.querySelector('p:last-child')!.textContent),
      ).toEqual(['La calma ya estaba en mí.', 'Soltar también es avanzar.']),
    );
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
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_REVELATION_KEY)!)).toEqual({ revelation: 'Elijo confiar.', totalTimeMeditated: 207 });
    expect(api.calls).toHaveLength(0);
  });
});

describe('with no network', SLOW, () => {
  const HISTORY_AFTER = history({ totalSeconds: 367, totalMinutes: 6, sessions: 1, streakDays: 1, meditatedToday: true });

  it("a signed-in meditator's session waits in this browser with its key, and the same key is sent when it can be", async () => {
    let online = false;
    const keys: (string | null)[] = [];
    const api = stubApi({
      [REVELATIONS]: envelope(200, 'Tus revelaciones.', []),
      [HISTORY]: history(),
      [SESSIONS]: (request) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return online ? HISTORY_AFTER : Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    const { advance } = renderTool(makeUser());
    twoShortPhases();
    await finishAt(advance, 7_000 + 90_000);
    expect(await screen.findByText(/Estás sin conexión: guardamos esta sesión en este dispositivo/)).toBeTruthy();
    const [queued] = readOutbox();
    expect(queued).toMatchObject({ kind: 'meditation.session', owner: makeUser().id, body: { seconds: 97, outcome: 'stopped' } });
    expect(keys).toEqual([queued!.key]);

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await waitFor(() => expect(api.callsTo(SESSIONS)).toHaveLength(2));
    expect(keys).toEqual([queued!.key, queued!.key]);
    await waitFor(() => expect(window.localStorage.getItem(OUTBOX_KEY)).toBeNull());
  });

  it('after a reload with no network, the last account at this device meditates: its session and revelation wait for it', async () => {
    window.localStorage.setItem(LAST_ACCOUNT_KEY, JSON.stringify({ id: 'cuenta-sin-red', roles: [7] }));
    const api = stubApi({
      'GET /api/auth/verifyToken': () => Promise.reject(new TypeError('Failed to fetch')),
      [SESSIONS]: () => Promise.reject(new TypeError('Failed to fetch')),
      [SAVE]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { advance } = renderTool('check');
    expect(await screen.findByText(/Estás sin conexión\. Puedes meditar igual/)).toBeTruthy();
    // Premium sounds are still this account's to choose.
    fireEvent.change(control('Música de fondo'), { target: { value: 'forest' } });
    expect(alerts).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Tus revelaciones' })).toBeNull();

    twoShortPhases();
    await finishAt(advance, 7_000 + 70_000);
    fireEvent.change(screen.getByRole('textbox', { name: /Qué se te reveló/ }), { target: { value: 'Respirar también es volver.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar revelación' }));
    expect(await screen.findByText(/tu revelación quedó guardada en este dispositivo/)).toBeTruthy();
    expect(readOutbox().map((w) => [w.owner, w.kind])).toEqual([
      ['cuenta-sin-red', 'meditation.session'],
      ['cuenta-sin-red', 'meditation.revelation'],
    ]);
    expect(readOutbox()[1]!.body).toEqual({ revelation: 'Respirar también es volver.', totalTimeMeditated: 77 });
    expect(api.unexpected).toEqual([]);
  });
});
