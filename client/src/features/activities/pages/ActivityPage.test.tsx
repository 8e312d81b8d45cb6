import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIFE_AREAS } from '../../../../../course/areas';
import { activityBySlug } from '../../../../../course/syllabus';
import { createQueryClient } from '../../../app/providers';
import { completeAsGuest, GUEST_PROGRESS_KEY } from '../../../lib/guest-progress';
import { InActivity } from '../../../testing/activity-store';
import { deferred, envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { LESSON_TEXTS, lessonAnswer } from '../../../testing/lessons';
import { renderRoute } from '../../../testing/render-route';
import { LessonBody } from '../components/LessonBody';

const STATUS = 'GET /api/activity/getCompletionStatus';
const COMPLETE = 'POST /api/activity/markAsComplete';
const GET_REFLECTION = 'GET /api/activity/getReflection';
const SAVE_REFLECTION = 'POST /api/activity/saveReflection';
/** A paid activity's text, as GET /api/course/lesson/{slug} gives it to a premium learner (testing/lessons.ts). */
const LESSON_TEXT = (slug: string) => `GET /api/course/lesson/${slug}`;

const FREE_REQUIRED = [
  '12-areas-balance',
  'concientizando-areas-balance',
  'viendo-hacia-atras-desde-el-futuro',
  '7-niveles-deep-why',
  'primera-sesion-de-coaching',
];

// The generic lesson a learner opens in these tests (course/lessons.ts): the first one, a paid activity, so the
// learner has role 7 and the free week completed; the next one is a generic lesson too.
const LESSON = 'tus-sistemas-de-creencias-actuales';
const LESSON_PATH = `/cursos/manifiesta/${LESSON}`;
const BEFORE_LESSON = FREE_REQUIRED;
const NEXT = 'tus-nuevos-sistemas-de-creencias';
const NEXT_TITLE = 'Tus Nuevos Sistemas de Creencias';
const learner = () => makeUser({ roles: [7] });
/** Everything a learner completes before the five laws (week 3's theory) opens. */
const BEFORE_LAWS = [
  ...FREE_REQUIRED,
  'tus-sistemas-de-creencias-actuales',
  'tus-nuevos-sistemas-de-creencias',
  'umbral-de-creencia',
  'tu-nueva-historia',
  'mapa-de-tus-emociones',
  'el-mensaje-de-cada-emocion',
  'soltar-la-culpa-y-el-resentimiento',
  'carta-a-tu-nino-interior',
  'diario-de-gratitud',
  'segunda-sesion-de-coaching',
];

// Every generic lesson is paid and a guest opens only free activities, each with a body of its own. The account
// modal is seen where a guest goes on from activity 2 with every area written (its completion screen); the
// generic body's guest side (a reflection kept in this browser) is seen by rendering the body as the host would.
const GUEST_AT = 'concientizando-areas-balance';
const GUEST_AT_PATH = `/cursos/manifiesta/${GUEST_AT}`;
const GUEST_NEXT = 'viendo-hacia-atras-desde-el-futuro';
const GUEST_NEXT_TITLE = 'Viendo hacia Atrás desde el Futuro';
const EVERY_AREA = Object.fromEntries(LIFE_AREAS.map((a) => [a.id, `Lo que creo sobre ${a.title}.`]));

const status = (slugs: string[]) => envelope(200, 'Progreso del curso.', slugs);
const guestWith = (completedSlugs: string[], activityData: Record<string, unknown> = {}) =>
  window.localStorage.setItem(GUEST_PROGRESS_KEY, JSON.stringify({ completedSlugs, activityData }));
const noReflection = () => envelope(200, 'Reflexión.', { text: null, updatedAt: null });
const storedGuest = () => JSON.parse(window.localStorage.getItem(GUEST_PROGRESS_KEY) ?? 'null') as unknown;

const title = (name: string) => screen.findByRole('heading', { level: 1, name });
const guestAtCompletion = () => guestWith(['12-areas-balance'], { [GUEST_AT]: { definitions: EVERY_AREA } });

/** The generic lesson's body for a guest, with the host's props and store: completing keeps it in this browser. */
function renderLessonForGuest() {
  const queryClient = createQueryClient();
  const goNext = vi.fn();
  const store = { where: 'browser' as const, complete: async (data?: unknown) => completeAsGuest(LESSON, data), sessionExpired: vi.fn() };
  const view = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <InActivity store={store}>
            <LessonBody activity={activityBySlug(LESSON)!} done={false} goNext={goNext} hasNext />
          </InActivity>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...view, goNext };
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('activity host: addresses', () => {
  it('shows the title, a way back to the syllabus and the body', async () => {
    stubApi({});
    renderRoute('/cursos/manifiesta/12-areas-balance');

    expect(await title('Rueda de la Vida')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Volver al Temario/ }).getAttribute('href')).toBe('/cursos/manifiesta');
    expect(await screen.findByRole('heading', { level: 2, name: 'El Primer Paso: Tu Diagnóstico de Vida' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Comenzar Actividad' })).toBeTruthy();
    expect(document.title).toBe('Rueda de la Vida · Manifiesta');
  });

  it("an unknown slug: 'Actividad no encontrada', why, and a way back", async () => {
    renderRoute('/cursos/manifiesta/no-existe-esta');

    expect(await title('Actividad no encontrada')).toBeTruthy();
    expect(screen.getByText('La actividad con la ruta «no-existe-esta» no es válida o no existe.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al Temario' }).getAttribute('href')).toBe('/cursos/manifiesta');
  });

  it('with no valid slug, goes back to the syllabus', async () => {
    const { router } = renderRoute('/cursos/manifiesta/%20');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cursos/manifiesta'));
    expect(await title('Curso Manifiesta')).toBeTruthy();
  });

  it("an activity's id ('1-2') leads to its slug", async () => {
    const { router } = renderRoute('/cursos/manifiesta/1-2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cursos/manifiesta/concientizando-areas-balance'));
  });

  it('waits for a signed-in user’s progress before deciding anything', async () => {
    const answer = deferred();
    stubApi({ [STATUS]: () => answer.promise, [GET_REFLECTION]: noReflection() });
    renderRoute(LESSON_PATH, { session: learner() });

    expect(await screen.findByText('Preparando actividad...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marcar como completada' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Completa la actividad anterior' })).toBeNull();
    answer.resolve(status(BEFORE_LESSON));
    expect(await screen.findByRole('button', { name: 'Marcar como completada' })).toBeTruthy();
  });
});

describe('activity host: locked activities', () => {
  it('premium, for a guest: an invitation to create an account or sign in, and no body', async () => {
    renderRoute('/cursos/manifiesta/umbral-de-creencia');
    await title('Umbral de Creencia');

    expect(screen.getByRole('heading', { level: 2, name: 'Contenido Premium' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear Cuenta Gratis' }).getAttribute('href')).toBe('/signup?redirect=/cursos/manifiesta/umbral-de-creencia');
    expect(screen.getByRole('link', { name: 'Ya tengo cuenta' }).getAttribute('href')).toBe('/login?redirect=/cursos/manifiesta/umbral-de-creencia');
    expect(screen.queryByRole('button', { name: 'Marcar como completada' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('premium, for a user without the programme: an invitation to enrol', async () => {
    stubApi({ [STATUS]: status(FREE_REQUIRED) });
    renderRoute('/cursos/manifiesta/umbral-de-creencia', { session: makeUser() });
    await title('Umbral de Creencia');

    expect(await screen.findByRole('heading', { level: 2, name: 'Contenido Premium' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inscribirme en el programa' }).getAttribute('href')).toBe('/manifiesta');
    expect(screen.queryByRole('link', { name: 'Crear Cuenta Gratis' })).toBeNull();
  });

  it("previous: 'Completa la actividad anterior' with a link to the current activity (role 7 too)", async () => {
    stubApi({ [STATUS]: status(['12-areas-balance']) });
    renderRoute('/cursos/manifiesta/tus-sistemas-de-creencias-actuales', { session: makeUser({ roles: [7] }) });

    expect(await screen.findByRole('heading', { level: 2, name: 'Completa la actividad anterior' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Ir a «Concientizando tus Áreas»' });
    expect(link.getAttribute('href')).toBe('/cursos/manifiesta/concientizando-areas-balance');
    expect(screen.queryByRole('button', { name: 'Marcar como completada' })).toBeNull();
  });

  it('a guest is held back by the previous activity too', async () => {
    renderRoute('/cursos/manifiesta/viendo-hacia-atras-desde-el-futuro');
    expect(await screen.findByRole('heading', { level: 2, name: 'Completa la actividad anterior' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a «Rueda de la Vida»' }).getAttribute('href')).toBe('/cursos/manifiesta/12-areas-balance');
  });
});

describe('activity host: completing and the next activity', () => {
  it('a guest completes locally and gets the account modal; continuing as a guest goes on', async () => {
    const api = stubApi({});
    guestAtCompletion();
    const { router } = renderRoute(GUEST_AT_PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente Actividad' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Guardamos tu progreso?' });
    expect(storedGuest()).toEqual({ completedSlugs: ['12-areas-balance', GUEST_AT], activityData: { [GUEST_AT]: { definitions: EVERY_AREA } } });
    expect(within(dialog).getByRole('link', { name: 'Crear Cuenta Gratis' }).getAttribute('href')).toBe(`/signup?redirect=${GUEST_AT_PATH}`);
    expect(within(dialog).getByRole('link', { name: 'Ya tengo cuenta' }).getAttribute('href')).toBe(`/login?redirect=${GUEST_AT_PATH}`);
    expect(within(dialog).getByText(/solo en este navegador/)).toBeTruthy();
    expect(router.state.location.pathname).toBe(GUEST_AT_PATH);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Seguir como invitado' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cursos/manifiesta/${GUEST_NEXT}`));
    expect(await title(GUEST_NEXT_TITLE)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('the modal closes on Escape and on its close button, keeps focus inside, and gives it back', async () => {
    stubApi({});
    guestAtCompletion();
    const { router } = renderRoute(GUEST_AT_PATH);

    const button = await screen.findByRole('button', { name: 'Siguiente Actividad' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    const focusables = [...dialog.querySelectorAll<HTMLElement>('a[href], button')];
    const first = focusables[0]!;
    const last = focusables.at(-1)!;
    // Focus moves in once the dialog has mounted (an effect, a tick after it appears).
    await waitFor(() => expect(document.activeElement).toBe(first));
    // Tab from the last goes round to the first; Shift+Tab from the first to the last.
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(GUEST_AT_PATH);
    expect(document.activeElement).toBe(button);
    expect((storedGuest() as { completedSlugs: string[] }).completedSlugs).toContain(GUEST_AT);

    fireEvent.click(button);
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a signed-in user completes on the server and goes straight to the next activity', async () => {
    let completed: string[] = BEFORE_LESSON;
    const api = stubApi({
      [STATUS]: () => status(completed),
      [GET_REFLECTION]: noReflection(),
      [COMPLETE]: () => {
        completed = [...BEFORE_LESSON, LESSON];
        return envelope(200, 'Actividad completada.', completed);
      },
    });
    const { router } = renderRoute(LESSON_PATH, { session: learner() });

    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como completada' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cursos/manifiesta/${NEXT}`));
    expect(api.callsTo(COMPLETE)[0]!.body).toEqual({ activityId: LESSON });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await title(NEXT_TITLE)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Marcar como completada' })).toBeTruthy();
    expect(window.localStorage.getItem(GUEST_PROGRESS_KEY)).toBeNull();
  });

  it("shows the server's reason when completing is refused", async () => {
    stubApi({
      [STATUS]: status(BEFORE_LESSON),
      [GET_REFLECTION]: noReflection(),
      [COMPLETE]: envelope(403, 'Completa la actividad anterior antes de continuar con esta.'),
    });
    const { router } = renderRoute(LESSON_PATH, { session: learner() });

    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como completada' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Completa la actividad anterior antes de continuar con esta.');
    expect(router.state.location.pathname).toBe(LESSON_PATH);
  });

  it('after the last activity, the way on is the syllabus', async () => {
    const everything = (await import('../../../../../course/syllabus')).ACTIVITIES.map((a) => a.slug);
    stubApi({ [STATUS]: status(everything), [GET_REFLECTION]: noReflection() });
    renderRoute('/cursos/manifiesta/sesion-de-cierre', { session: makeUser({ roles: [7] }) });

    expect((await screen.findByRole('link', { name: 'Volver al Temario', exact: true } as never)).getAttribute('href')).toBe('/cursos/manifiesta');
    expect(screen.queryByRole('button', { name: 'Siguiente Actividad' })).toBeNull();
  });
});

describe('activity host: the personal reflection', () => {
  it("a user's reflection loads from the server and saves there ('Guardando...', then saved)", async () => {
    const saving = deferred();
    const api = stubApi({
      [STATUS]: status(BEFORE_LESSON),
      [GET_REFLECTION]: envelope(200, 'Reflexión.', { text: 'Mi primera idea.', updatedAt: '2025-07-01T10:00:00.000Z' }),
      [SAVE_REFLECTION]: () => saving.promise,
    });
    renderRoute(LESSON_PATH, { session: learner() });

    const field = await screen.findByRole('textbox', { name: 'Tu reflexión' });
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe('Mi primera idea.'));
    expect(api.callsTo(GET_REFLECTION)[0]!.url.searchParams.get('activityId')).toBe(LESSON);

    fireEvent.change(field, { target: { value: 'Mi salud necesita más atención.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar reflexión' }));
    expect(await screen.findByRole('button', { name: 'Guardando...' })).toBeTruthy();
    expect(api.callsTo(SAVE_REFLECTION)[0]!.body).toEqual({ activityId: LESSON, text: 'Mi salud necesita más atención.' });

    saving.resolve(envelope(200, 'Reflexión guardada.', { text: 'Mi salud necesita más atención.', updatedAt: '2025-07-02T10:00:00.000Z' }));
    expect(await screen.findByText('Reflexión guardada.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar reflexión' })).toBeTruthy();
    expect(window.localStorage.getItem(GUEST_PROGRESS_KEY)).toBeNull();
  });

  it("a failed save shows the server's message", async () => {
    stubApi({
      [STATUS]: status(BEFORE_LESSON),
      [GET_REFLECTION]: noReflection(),
      [SAVE_REFLECTION]: envelope(400, 'Tu reflexión puede tener hasta 10.000 caracteres.'),
    });
    renderRoute(LESSON_PATH, { session: learner() });

    fireEvent.change(await screen.findByRole('textbox', { name: 'Tu reflexión' }), { target: { value: 'Texto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar reflexión' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tu reflexión puede tener hasta 10.000 caracteres.');
  });

  it("a guest's reflection stays in this browser, as activityData[slug].reflection", async () => {
    const api = stubApi({});
    const view = renderLessonForGuest();

    fireEvent.change(await screen.findByRole('textbox', { name: 'Tu reflexión' }), { target: { value: '  Quiero más calma.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar reflexión' }));
    expect(await screen.findByText('Reflexión guardada en este navegador.')).toBeTruthy();
    expect(storedGuest()).toEqual({ completedSlugs: [], activityData: { [LESSON]: { reflection: 'Quiero más calma.' } } });
    expect(api.calls).toHaveLength(0);

    // Back on the page later, it is there.
    view.unmount();
    renderLessonForGuest();
    await waitFor(async () => expect(((await screen.findByRole('textbox', { name: 'Tu reflexión' })) as HTMLTextAreaElement).value).toBe('Quiero más calma.'));
  });

  it('completing keeps a reflection typed but not saved yet (guest)', async () => {
    stubApi({});
    const { goNext } = renderLessonForGuest();

    fireEvent.change(await screen.findByRole('textbox', { name: 'Tu reflexión' }), { target: { value: 'Sin guardar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como completada' }));
    await waitFor(() => expect(goNext).toHaveBeenCalledTimes(1));
    expect(storedGuest()).toEqual({ completedSlugs: [LESSON], activityData: { [LESSON]: { reflection: 'Sin guardar' } } });
  });
});

describe('activity host: dedicated bodies', () => {
  const premiumWith = (slugs: string[]) => {
    stubApi({
      [STATUS]: status(slugs),
      [GET_REFLECTION]: noReflection(),
      [LESSON_TEXT('herramienta-respiracion-guiada')]: lessonAnswer('herramienta-respiracion-guiada'),
      [LESSON_TEXT('teoria-5-leyes-universales')]: lessonAnswer('teoria-5-leyes-universales'),
    });
    return makeUser({ roles: [7] });
  };

  it('herramienta-respiracion-guiada is a breathing pacer with rhythms, cycles, start and pause', async () => {
    const session = premiumWith([
      ...FREE_REQUIRED,
      'tus-sistemas-de-creencias-actuales',
      'tus-nuevos-sistemas-de-creencias',
      'umbral-de-creencia',
      'tu-nueva-historia',
      'mapa-de-tus-emociones',
    ]);
    renderRoute('/cursos/manifiesta/herramienta-respiracion-guiada', { session });

    expect(await title('Respiración Guiada')).toBeTruthy();
    expect(await screen.findByText(LESSON_TEXTS['herramienta-respiracion-guiada']!.intro[0]!)).toBeTruthy();
    const rhythms = await screen.findByRole('group', { name: 'Elige tu ritmo' });
    expect(within(rhythms).getAllByRole('radio')).toHaveLength(3);
    expect(within(rhythms).getByRole('radio', { name: /4-7-8/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Ciclos' })).toBeTruthy();

    const start = screen.getByRole('button', { name: 'Comenzar' });
    await act(async () => {
      fireEvent.click(start);
    });
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Inhala').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reiniciar' })).toBeTruthy();
    expect(screen.getByText(/Ciclo 1 de 6 · quedan 6 ciclos/)).toBeTruthy();
  });

  it('teoria-5-leyes-universales explains the five laws, each with an example and a practice', async () => {
    const session = premiumWith(BEFORE_LAWS);
    renderRoute('/cursos/manifiesta/teoria-5-leyes-universales', { session });

    expect(await title('Las 5 Leyes Universales')).toBeTruthy();
    for (const law of ['Vibración', 'Correspondencia', 'Causa y Efecto', 'Polaridad', 'Ritmo']) {
      expect(await screen.findByRole('heading', { level: 2, name: new RegExp(`Ley (de|del) ${law}$`) })).toBeTruthy();
    }
    expect(screen.getAllByRole('heading', { level: 3, name: 'Un ejemplo' })).toHaveLength(5);
    expect(screen.getAllByRole('heading', { level: 3, name: 'Tu práctica de hoy' })).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Marcar como completada' })).toBeTruthy();
  });
});

describe("activity host: a paid activity's text comes from the server", () => {
  const LAWS = 'teoria-5-leyes-universales';
  const LAWS_PATH = `/cursos/manifiesta/${LAWS}`;

  it("shows the activity's skeleton while the text comes, then the text", async () => {
    const answer = deferred();
    const api = stubApi({ [STATUS]: status(BEFORE_LAWS), [LESSON_TEXT(LAWS)]: () => answer.promise });
    renderRoute(LAWS_PATH, { session: learner() });

    expect(await title('Las 5 Leyes Universales')).toBeTruthy();
    expect(await screen.findByText('Preparando actividad...')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'La Ley de Correspondencia' })).toBeNull();
    answer.resolve(lessonAnswer(LAWS));
    expect(await screen.findByRole('heading', { level: 2, name: 'La Ley de Correspondencia' })).toBeTruthy();
    expect(api.callsTo(LESSON_TEXT(LAWS))).toHaveLength(1);
  });

  it("a failed load says 'Error de conexión...' and 'Reintentar' loads it again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    stubApi({
      [STATUS]: status(BEFORE_LAWS),
      [LESSON_TEXT(LAWS)]: () => (++calls <= 2 ? envelope(503, 'El servicio no está disponible.') : lessonAnswer(LAWS)),
    });
    renderRoute(LAWS_PATH, { session: learner() });

    const alert = await screen.findByRole('alert', undefined, { timeout: 4000 });
    expect(alert.textContent).toContain('Error de conexión. Revisa tu conexión e inténtalo de nuevo.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'La Ley de Correspondencia' })).toBeTruthy();
  });

  it('a 403 (the premium role gone since the page loaded) shows the server’s words', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'Esta actividad es parte del contenido premium del curso. Inscríbete para desbloquearla.';
    stubApi({ [STATUS]: status(BEFORE_LAWS), [LESSON_TEXT(LAWS)]: envelope(403, message) });
    renderRoute(LAWS_PATH, { session: learner() });
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('a 401 is the expired session: signed out, told so, sent to log in and back', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    stubApi({
      [STATUS]: status(BEFORE_LAWS),
      [LESSON_TEXT(LAWS)]: envelope(401, 'Tu sesión ha expirado. Por favor, inicia sesión de nuevo.'),
      'POST /api/auth/logout': envelope(200, 'Sesión cerrada.'),
    });
    const { router } = renderRoute(LAWS_PATH, { session: learner() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${LAWS_PATH}`);
    expect(alert).toHaveBeenCalledWith('Tu sesión ha expirado. Por favor, inicia sesión de nuevo.');
  });

  it('a locked paid activity does not ask for its text', async () => {
    const api = stubApi({ [STATUS]: status(BEFORE_LAWS) });
    renderRoute(LAWS_PATH, { session: makeUser({ roles: [] }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Contenido Premium' })).toBeTruthy();
    expect(api.callsTo(LESSON_TEXT(LAWS))).toEqual([]);
    expect(api.unexpected).toEqual([]);
  });

  it('a free activity and a paid generic lesson render without asking for any text', async () => {
    const api = stubApi({ [STATUS]: status(BEFORE_LESSON), [GET_REFLECTION]: noReflection() });
    renderRoute(LESSON_PATH, { session: learner() });
    expect(await screen.findByRole('button', { name: 'Marcar como completada' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/course/lesson/'))).toEqual([]);
  });
});
