import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_FALLBACK, NO_FINAL_WHY, NO_REFLECTION, NO_VISION, noFutureFallback } from '../../../../../../course/deep-why';
import { GUEST_PROGRESS_KEY } from '../../../../lib/guest-progress';
import { deferred, envelope, makeUser, stubApi, type ApiRoutes } from '../../../../testing/fake-api';
import { renderRoute } from '../../../../testing/render-route';

const PATH = '/cursos/manifiesta/7-niveles-deep-why';
const STATUS = 'GET /api/activity/getCompletionStatus';
const LOAD = 'GET /api/activity/getDeepWhyPrerequisites';
const SELECT = 'POST /api/activity/saveWhySelection';
const ANSWER = 'POST /api/activity/saveWhyAnswer';
const ASK = 'POST /api/activity/deepWhy/question';
const COMPLETE = 'POST /api/activity/markAsComplete';
const RESTART = 'POST /api/activity/restartDeepWhy';
const LOGOUT = 'POST /api/auth/logout';
const BEFORE = ['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro'];

// love 9, friendships 2, finances 5, quality 7, health 1, intellectual 10, emotional 4, spiritual 6, career 3,
// character 8, family 0, vision 6. The 7 weakest, ascending: family, health, friendships, career, emotional,
// finances, spiritual (before vision: ties keep the wheel's order).
const RATINGS: Record<string, number> = {
  'love-relationship': 9,
  friendships: 2,
  finances: 5,
  'quality-of-life': 7,
  'health-fitness': 1,
  'intellectual-life': 10,
  'emotional-life': 4,
  'spiritual-life': 6,
  career: 3,
  character: 8,
  'family-parenting': 0,
  'life-vision': 6,
};
const TITLES: Record<string, string> = {
  'family-parenting': 'Familia y Crianza',
  'health-fitness': 'Salud y Bienestar Físico',
  friendships: 'Amistades',
  career: 'Carrera y Propósito Profesional',
  'emotional-life': 'Vida Emocional',
  finances: 'Finanzas',
  'spiritual-life': 'Vida Espiritual',
};
const TARGET_IDS = Object.keys(TITLES);
const CURRENT: Record<string, string> = { 'family-parenting': 'En mi familia nadie pide ayuda.', friendships: 'Me cuesta confiar.' };
const FUTURE: Record<string, string> = { 'family-parenting': 'Comemos juntos los domingos y nos reímos.' };
const TARGETS = TARGET_IDS.map((id) => ({ id, score: RATINGS[id]!, title: TITLES[id]!, currentText: CURRENT[id] ?? null, futureText: FUTURE[id] ?? null }));
const CHOSEN = ['family-parenting', 'friendships', 'career'];
const SEVEN = (prefix: string) => Array.from({ length: 7 }, (_, i) => `${prefix} ${i + 1}`);

type Prerequisites = { selectedAreaIds?: string[]; whyAnswers?: Record<string, (string | null)[]>; isCompleted?: boolean };
const loaded = ({ selectedAreaIds = [], whyAnswers = {}, isCompleted = false }: Prerequisites = {}) =>
  envelope(200, 'Tu punto de partida para los 7 niveles del porqué.', { targetAreas: TARGETS, whyAnswers, selectedAreaIds, isCompleted });

/** The server's questions: asked with an id per area and level, ready at the first poll. */
const aiQuestion = (areaId: string, levelIndex: number) => `¿Qué te mueve en ${TITLES[areaId]}, nivel ${levelIndex + 1}?`;
function questionRoutes(): ApiRoutes {
  const routes: ApiRoutes = {
    [ASK]: async (request) => {
      const { areaId, levelIndex } = (await request.json()) as { areaId: string; levelIndex: number };
      return envelope(200, 'Preparando tu pregunta...', { id: `${areaId}-${levelIndex}` });
    },
  };
  for (const areaId of TARGET_IDS) {
    for (let level = 0; level < 7; level++) {
      routes[`GET /api/activity/deepWhy/question/${areaId}-${level}`] = envelope(200, 'Tu pregunta.', {
        status: 'done',
        question: aiQuestion(areaId, level),
        source: 'ai',
      });
    }
  }
  return routes;
}

function asUser(routes: ApiRoutes, completed = BEFORE) {
  return stubApi({ [STATUS]: envelope(200, 'Progreso.', completed), ...questionRoutes(), ...routes });
}

const storedGuest = () =>
  JSON.parse(window.localStorage.getItem(GUEST_PROGRESS_KEY) ?? 'null') as { completedSlugs: string[]; activityData: Record<string, unknown> } | null;
const guestWith = (completedSlugs: string[], activityData: Record<string, unknown> = {}) =>
  window.localStorage.setItem(GUEST_PROGRESS_KEY, JSON.stringify({ completedSlugs, activityData }));
const GUEST_WHEEL = {
  '12-areas-balance': { ratings: RATINGS },
  'concientizando-areas-balance': { definitions: { 'family-parenting': CURRENT['family-parenting'] } },
  'viendo-hacia-atras-desde-el-futuro': { definitions: { 'family-parenting': FUTURE['family-parenting'] } },
};

const choice = (title: string) => screen.getByRole('button', { name: title });
const confirmButton = () => screen.getByRole('button', { name: 'Comenzar con estas 3 áreas' }) as HTMLButtonElement;
const answerBox = () => screen.getByRole('textbox', { name: 'Tu respuesta' }) as HTMLTextAreaElement;
const nextLevel = () => screen.getByRole('button', { name: 'Siguiente Nivel' });
const finishNow = () => screen.queryByRole('button', { name: 'Finalizar ahora y ver el resumen' });
const position = (area: number, level: number) => screen.findByText(`Área ${area} de 3 · Nivel ${level} de 7`);
const summaryTitle = () => screen.findByRole('heading', { level: 2, name: 'Has encontrado tus motores' });
/** The summary's fact under a label ('Tu porqué final'...) for one area. */
const fact = (areaTitle: string, label: string) => {
  const card = screen.getByRole('article', { name: areaTitle });
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling!.textContent;
};

/** Writes and sends one level, waiting for the next position. */
async function answerLevel(text: string, area: number, level: number) {
  fireEvent.change(answerBox(), { target: { value: text } });
  fireEvent.click(nextLevel());
  await position(area, level);
}

// Loaded up front: the first render of the lazy route and body must not race the findBy timeouts.
beforeAll(() => Promise.all([import('../../../../app/routes/ActivityRoute'), import('./DeepWhy')]));

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('deep why: loading and errors', () => {
  it("a learner without wheel ratings (409): 'Error al Cargar', the server's words and the way to the wheel", async () => {
    asUser({ [LOAD]: envelope(409, "Debes completar 'Rueda de la Vida' primero.") });
    renderRoute(PATH, { session: makeUser() });

    expect(await screen.findByRole('heading', { level: 2, name: 'Error al Cargar' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe("Debes completar 'Rueda de la Vida' primero.");
    expect(screen.getByRole('link', { name: 'Ir a la Rueda de la Vida' }).getAttribute('href')).toBe('/cursos/manifiesta/12-areas-balance');
  });

  it("any other failure: the server's message, or 'Error del servidor.', and a retry", async () => {
    let answer = () => envelope(403, 'Completa la actividad anterior antes de continuar con esta.');
    asUser({ [LOAD]: () => answer() });
    renderRoute(PATH, { session: makeUser() });

    expect((await screen.findByRole('alert')).textContent).toBe('Completa la actividad anterior antes de continuar con esta.');
    answer = () => new Response('Bad gateway', { status: 400 });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error del servidor.'));
    expect(screen.getByRole('heading', { level: 2, name: 'Error al Cargar' })).toBeTruthy();

    answer = () => loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Elige tus 3 áreas de enfoque' })).toBeTruthy();
  });

  it('a 401 on load signs out, says the session expired and goes to /login', async () => {
    const api = asUser({ [LOAD]: envelope(401, 'Tu sesión ha expirado. Por favor, inicia sesión de nuevo.'), [LOGOUT]: envelope(200, 'Sesión cerrada.') });
    const { router } = renderRoute(PATH, { session: makeUser() });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo(LOGOUT)).toHaveLength(1);
    expect(window.alert).toHaveBeenCalledWith('Tu sesión ha expirado. Por favor, inicia sesión de nuevo.');
  });
});

describe('deep why: choosing the 3 areas', () => {
  it('shows the 7 weakest areas with their score and writing; a 4th cannot be chosen; exactly 3 continue', async () => {
    const answer = deferred();
    const api = asUser({ [LOAD]: () => answer.promise, [SELECT]: envelope(200, 'Selección guardada.', CHOSEN) });
    renderRoute(PATH, { session: makeUser() });

    expect(await screen.findByText('Cargando tus áreas de enfoque...')).toBeTruthy();
    answer.resolve(loaded());
    expect(await screen.findByRole('heading', { level: 2, name: 'Elige tus 3 áreas de enfoque' })).toBeTruthy();
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(7);
    expect(TARGET_IDS.map((id) => choice(TITLES[id]!).getAttribute('aria-pressed'))).toEqual(Array(7).fill('false'));
    expect(choice('Familia y Crianza').textContent).toContain('0/10');
    expect(choice('Familia y Crianza').textContent).toContain('En mi familia nadie pide ayuda.');
    expect(choice('Finanzas').textContent).toContain('Aún no escribiste cómo vives esta área hoy.');
    expect(confirmButton().disabled).toBe(true);

    // Picked in any order; the activity goes weakest first.
    for (const title of ['Carrera y Propósito Profesional', 'Familia y Crianza']) fireEvent.click(choice(title));
    expect(screen.getByText('2 de 3 áreas elegidas')).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(choice('Amistades'));
    expect(confirmButton().disabled).toBe(false);

    fireEvent.click(choice('Vida Emocional'));
    expect(choice('Vida Emocional').getAttribute('aria-pressed')).toBe('false');
    expect(choice('Vida Emocional').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/Ya elegiste tus 3 áreas/)).toBeTruthy();
    expect(screen.getByText('3 de 3 áreas elegidas')).toBeTruthy();

    // Un-choosing one frees a place.
    fireEvent.click(choice('Amistades'));
    expect(choice('Amistades').getAttribute('aria-pressed')).toBe('false');
    expect(confirmButton().disabled).toBe(true);
    expect(screen.queryByText(/Ya elegiste tus 3 áreas/)).toBeNull();
    fireEvent.click(choice('Amistades'));

    fireEvent.click(confirmButton());
    expect(await position(1, 1)).toBeTruthy();
    expect(api.callsTo(SELECT)[0]!.body).toEqual({ activityId: '7-niveles-deep-why', selectedAreaIds: CHOSEN });
    expect(screen.getByRole('heading', { level: 2, name: 'Familia y Crianza' })).toBeTruthy();
  });

  it("a failed save says 'No se pudo guardar la selección.' and stays", async () => {
    asUser({ [LOAD]: loaded(), [SELECT]: envelope(400, 'Elige exactamente 3 áreas distintas entre tus 7 áreas con menor calificación.') });
    renderRoute(PATH, { session: makeUser() });

    for (const title of ['Familia y Crianza', 'Amistades', 'Vida Emocional']) fireEvent.click(await screen.findByRole('button', { name: title }));
    fireEvent.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo guardar la selección.');
    expect(screen.getByRole('heading', { level: 2, name: 'Elige tus 3 áreas de enfoque' })).toBeTruthy();
  });
});

describe('deep why: the levels', () => {
  it("shows the area's texts, the level, the progress and the question prepared by the server", async () => {
    const pending = deferred();
    let polls = 0;
    const api = asUser({
      [LOAD]: loaded({ selectedAreaIds: CHOSEN }),
      'GET /api/activity/deepWhy/question/family-parenting-0': () => {
        polls++;
        return polls === 1 ? envelope(200, 'Preparando tu pregunta...', { status: 'pending', question: null, source: null }) : pending.promise;
      },
    });
    renderRoute(PATH, { session: makeUser() });

    expect(await position(1, 1)).toBeTruthy();
    expect(screen.getByText('En mi familia nadie pide ayuda.')).toBeTruthy();
    expect(screen.getByText('Comemos juntos los domingos y nos reímos.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Tu realidad actual' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Tu visión' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Tu avance en el ejercicio' }).getAttribute('aria-valuenow')).toBe('0');

    // While the question is on its way: the typing dots, and the answer box is already usable.
    expect(await screen.findByText('Preparando tu siguiente pregunta…')).toBeTruthy();
    await waitFor(() => expect(polls).toBe(2), { timeout: 3000 });
    expect(screen.getByText('Preparando tu siguiente pregunta…')).toBeTruthy();
    expect(answerBox().disabled).toBe(false);
    pending.resolve(envelope(200, 'Tu pregunta.', { status: 'done', question: '¿Qué cambiaría en ti si tu familia se riera contigo?', source: 'ai' }));
    expect(await screen.findByText('¿Qué cambiaría en ti si tu familia se riera contigo?')).toBeTruthy();
    expect(screen.queryByText('Preparando tu siguiente pregunta…')).toBeNull();
    // A learner's texts come from the server: the ask carries only the area and the level.
    expect(api.callsTo(ASK)[0]!.body).toEqual({ areaId: 'family-parenting', levelIndex: 0 });
  });

  it("a blank answer: 'Por favor, escribe una respuesta.' and nothing is sent", async () => {
    const api = asUser({ [LOAD]: loaded({ selectedAreaIds: CHOSEN }), [ANSWER]: envelope(200, 'Respuesta guardada.') });
    renderRoute(PATH, { session: makeUser() });
    await position(1, 1);

    fireEvent.change(answerBox(), { target: { value: '   \n ' } });
    fireEvent.click(nextLevel());
    expect((await screen.findByRole('alert')).textContent).toBe('Por favor, escribe una respuesta.');
    expect(answerBox().getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(answerBox(), { key: 'Enter', ctrlKey: true });
    expect(api.callsTo(ANSWER)).toHaveLength(0);
    expect(screen.getByText('Área 1 de 3 · Nivel 1 de 7')).toBeTruthy();
  });

  it('Ctrl+Enter (or Cmd+Enter) sends the answer; the next question is asked from it', async () => {
    const api = asUser({ [LOAD]: loaded({ selectedAreaIds: CHOSEN }), [ANSWER]: envelope(200, 'Respuesta guardada.') });
    renderRoute(PATH, { session: makeUser() });
    await position(1, 1);
    expect(await screen.findByText(aiQuestion('family-parenting', 0))).toBeTruthy();

    fireEvent.change(answerBox(), { target: { value: '  Porque quiero sentirme acompañada.  ' } });
    fireEvent.keyDown(answerBox(), { key: 'Enter' });
    expect(api.callsTo(ANSWER)).toHaveLength(0);
    fireEvent.keyDown(answerBox(), { key: 'Enter', ctrlKey: true });
    expect(await position(1, 2)).toBeTruthy();
    expect(api.callsTo(ANSWER)[0]!.body).toEqual({
      activityId: '7-niveles-deep-why',
      areaId: 'family-parenting',
      levelIndex: 0,
      answer: 'Porque quiero sentirme acompañada.',
    });
    expect(answerBox().value).toBe('');
    expect(await screen.findByText(aiQuestion('family-parenting', 1))).toBeTruthy();
    expect(api.callsTo(ASK).at(-1)!.body).toEqual({ areaId: 'family-parenting', levelIndex: 1, previousAnswer: 'Porque quiero sentirme acompañada.' });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    // A new level gives the answer box the focus.
    await waitFor(() => expect(document.activeElement).toBe(answerBox()));

    fireEvent.change(answerBox(), { target: { value: 'Para no cargar sola.' } });
    fireEvent.keyDown(answerBox(), { key: 'Enter', metaKey: true });
    expect(await position(1, 3)).toBeTruthy();
    expect(api.callsTo(ANSWER)[1]!.body).toMatchObject({ levelIndex: 1, answer: 'Para no cargar sola.' });
  });

  it("a failed save shows the server's message and stays on the level", async () => {
    asUser({ [LOAD]: loaded({ selectedAreaIds: CHOSEN }), [ANSWER]: envelope(400, 'Tu respuesta puede tener hasta 10.000 caracteres.') });
    renderRoute(PATH, { session: makeUser() });
    await position(1, 1);

    fireEvent.change(answerBox(), { target: { value: 'Una respuesta' } });
    fireEvent.click(nextLevel());
    expect((await screen.findByRole('alert')).textContent).toBe('Tu respuesta puede tener hasta 10.000 caracteres.');
    expect(screen.getByText('Área 1 de 3 · Nivel 1 de 7')).toBeTruthy();
    expect(answerBox().value).toBe('Una respuesta');
  });

  it('when the question cannot be prepared, the fallback questions are asked instead', async () => {
    const failing = { [ASK]: envelope(429, 'Demasiadas solicitudes. Espera un momento.') };
    asUser({
      [LOAD]: loaded({ selectedAreaIds: CHOSEN, whyAnswers: { 'family-parenting': SEVEN('Familia') } }),
      [ANSWER]: envelope(200, 'Respuesta guardada.'),
      ...failing,
    });
    renderRoute(PATH, { session: makeUser() });

    // Amistades has no vision written: the first question names the area.
    expect(await position(2, 1)).toBeTruthy();
    expect(await screen.findByText(noFutureFallback('Amistades'))).toBeTruthy();
    await answerLevel('Porque me siento sola.', 2, 2);
    // Later levels quote the previous answer, as the server's fallback does.
    expect(await screen.findByText('Dices: «Porque me siento sola…». ¿Y por qué es tan importante eso para ti?')).toBeTruthy();
    await answerLevel('Porque sí.', 2, 3);
    expect(await screen.findByText('¿Y por qué es importante eso para ti? Tómate un momento y ve un poco más profundo.')).toBeTruthy();
  });

  it('with the server out of reach, a later level echoes the first 50 characters of the previous answer, cut at a whole word', async () => {
    asUser({
      [LOAD]: loaded({
        selectedAreaIds: CHOSEN,
        whyAnswers: { 'family-parenting': ['Porque necesito sentir que soy capaz de alcanzar lo que me propongo cada día.'] },
      }),
      [ASK]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderRoute(PATH, { session: makeUser() });

    expect(await position(1, 2)).toBeTruthy();
    expect(await screen.findByText('Dices: «Porque necesito sentir que soy capaz de alcanzar…». ¿Y por qué es tan importante eso para ti?')).toBeTruthy();
  });

  it('a question the server answers at once (no AI to wait for) is shown without polling', async () => {
    const api = asUser({
      [LOAD]: loaded({ selectedAreaIds: CHOSEN }),
      [ASK]: envelope(200, 'Tu pregunta.', { id: 'inmediata', status: 'done', question: FIRST_FALLBACK, source: 'fallback' }),
    });
    renderRoute(PATH, { session: makeUser() });

    expect(await position(1, 1)).toBeTruthy();
    expect(await screen.findByText(FIRST_FALLBACK)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/activity/deepWhy/question/'))).toHaveLength(0);
    expect(api.unexpected).toEqual([]);
  });

  it("while answering, the area's earlier answers are at hand, folded", async () => {
    asUser({ [LOAD]: loaded({ selectedAreaIds: CHOSEN, whyAnswers: { 'family-parenting': ['Porque quiero paz en casa.', 'Porque crecí con gritos.'] } }) });
    renderRoute(PATH, { session: makeUser() });

    expect(await position(1, 3)).toBeTruthy();
    const earlier = screen.getByText('Tus respuestas anteriores en esta área (2)').closest('details')!;
    expect(earlier.open).toBe(false);
    expect(
      within(earlier)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Porque quiero paz en casa.', 'Porque crecí con gritos.']);
    expect(
      within(earlier)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('value')),
    ).toEqual(['1', '2']);
  });

  it('the first level of an area has no earlier answers to show', async () => {
    asUser({ [LOAD]: loaded({ selectedAreaIds: CHOSEN }) });
    renderRoute(PATH, { session: makeUser() });
    expect(await position(1, 1)).toBeTruthy();
    expect(screen.queryByText(/Tus respuestas anteriores/)).toBeNull();
  });

  it("with a vision written, the first fallback question is the spec's", async () => {
    asUser({ [LOAD]: loaded({ selectedAreaIds: CHOSEN }), [ASK]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute(PATH, { session: makeUser() });

    expect(await position(1, 1)).toBeTruthy();
    expect(await screen.findByText(FIRST_FALLBACK)).toBeTruthy();
  });

  it('resuming prefills an answer already given, and the 7th level of an area leads to the next area', async () => {
    const api = asUser({
      [LOAD]: loaded({ selectedAreaIds: CHOSEN, whyAnswers: { 'family-parenting': ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', null, 'Siete'] } }),
      [ANSWER]: envelope(200, 'Respuesta guardada.'),
    });
    renderRoute(PATH, { session: makeUser() });

    expect(await position(1, 6)).toBeTruthy();
    expect(answerBox().value).toBe('');
    await answerLevel('Seis', 1, 7);
    expect(answerBox().value).toBe('Siete');
    fireEvent.change(answerBox(), { target: { value: 'Siete, mejor dicho.' } });
    fireEvent.click(nextLevel());
    expect(await position(2, 1)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Amistades' })).toBeTruthy();
    expect(api.callsTo(ANSWER).map((c) => (c.body as { levelIndex: number }).levelIndex)).toEqual([5, 6]);
    // A new area gives its heading the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Amistades' })));
  });

  it("'Finalizar ahora y ver el resumen' appears from the 2nd area, keeps what was typed and completes", async () => {
    const api = asUser({
      [LOAD]: loaded({ selectedAreaIds: CHOSEN, whyAnswers: { 'family-parenting': SEVEN('Familia').slice(0, 6) } }),
      [ANSWER]: envelope(200, 'Respuesta guardada.'),
      [COMPLETE]: envelope(200, 'Actividad completada.', [...BEFORE, '7-niveles-deep-why']),
    });
    renderRoute(PATH, { session: makeUser() });

    expect(await position(1, 7)).toBeTruthy();
    expect(finishNow()).toBeNull();
    await answerLevel('Familia 7', 2, 1);
    expect(finishNow()).toBeTruthy();
    fireEvent.change(answerBox(), { target: { value: 'Quiero amigas de verdad.' } });
    fireEvent.click(finishNow()!);

    expect(await summaryTitle()).toBeTruthy();
    expect(api.callsTo(ANSWER).at(-1)!.body).toMatchObject({ areaId: 'friendships', levelIndex: 0, answer: 'Quiero amigas de verdad.' });
    expect(api.callsTo(COMPLETE)[0]!.body).toEqual({ activityId: '7-niveles-deep-why' });
    expect(fact('Familia y Crianza', 'Tu porqué final')).toBe('Familia 7');
    expect(fact('Amistades', 'Tu porqué final')).toBe(NO_FINAL_WHY);
  });

  it('the last level of the last area completes the activity and shows the summary', async () => {
    const api = asUser({
      [LOAD]: loaded({ selectedAreaIds: CHOSEN, whyAnswers: { 'family-parenting': SEVEN('F'), friendships: SEVEN('A'), career: SEVEN('C').slice(0, 6) } }),
      [ANSWER]: envelope(200, 'Respuesta guardada.'),
      [COMPLETE]: envelope(200, 'Actividad completada.', [...BEFORE, '7-niveles-deep-why']),
    });
    renderRoute(PATH, { session: makeUser() });

    expect(await position(3, 7)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(Math.round((20 / 21) * 100)));
    fireEvent.change(answerBox(), { target: { value: 'Para vivir con sentido.' } });
    fireEvent.click(nextLevel());

    expect(await summaryTitle()).toBeTruthy();
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
    expect(fact('Carrera y Propósito Profesional', 'Tu porqué final')).toBe('Para vivir con sentido.');
  });
});

describe('deep why: the summary', () => {
  it('opens on the summary once completed, with the fallback texts where something is missing', async () => {
    asUser(
      {
        [LOAD]: loaded({ selectedAreaIds: CHOSEN, isCompleted: true, whyAnswers: { 'family-parenting': SEVEN('Familia'), friendships: ['Solo una'] } }),
      },
      [...BEFORE, '7-niveles-deep-why'],
    );
    const { router } = renderRoute(PATH, { session: makeUser() });

    expect(await summaryTitle()).toBeTruthy();
    expect(fact('Familia y Crianza', 'Tu realidad actual')).toBe('En mi familia nadie pide ayuda.');
    expect(fact('Familia y Crianza', 'Tu visión')).toBe('Comemos juntos los domingos y nos reímos.');
    expect(fact('Familia y Crianza', 'Tu porqué final')).toBe('Familia 7');
    expect(fact('Amistades', 'Tu visión')).toBe(NO_VISION);
    expect(fact('Amistades', 'Tu porqué final')).toBe(NO_FINAL_WHY);
    expect(fact('Carrera y Propósito Profesional', 'Tu realidad actual')).toBe(NO_REFLECTION);
    expect(fact('Carrera y Propósito Profesional', 'Tu porqué final')).toBe(NO_FINAL_WHY);
    // The way there, compactly: the answers given.
    const friends = screen.getByRole('article', { name: 'Amistades' });
    expect(within(friends).getByText('El camino hasta tu porqué (1 de 7 niveles)')).toBeTruthy();
    expect(within(friends).getByText('Solo una')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Has encontrado tus motores' });
    expect(within(summary).getByRole('link', { name: 'Volver al Temario' }).getAttribute('href')).toBe('/cursos/manifiesta');

    fireEvent.click(within(summary).getByRole('button', { name: 'Siguiente Actividad' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cursos/manifiesta/meditacion-7-fases'));
  });

  it("'Rehacer Ejercicio' is recorded, then an empty selection; an area chosen again starts with no answers", async () => {
    const api = asUser(
      {
        [LOAD]: loaded({ selectedAreaIds: CHOSEN, isCompleted: true, whyAnswers: { 'family-parenting': SEVEN('Familia') } }),
        [RESTART]: envelope(200, 'Ejercicio reiniciado.'),
        [SELECT]: envelope(200, 'Selección guardada.', ['family-parenting', 'health-fitness', 'career']),
      },
      [...BEFORE, '7-niveles-deep-why'],
    );
    renderRoute(PATH, { session: makeUser() });

    fireEvent.click(await screen.findByRole('button', { name: 'Rehacer Ejercicio' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Elige tus 3 áreas de enfoque' })).toBeTruthy();
    expect(api.callsTo(RESTART).map((c) => c.body)).toEqual([{ activityId: '7-niveles-deep-why' }]);
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(screen.getByText('0 de 3 áreas elegidas')).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);

    for (const title of ['Familia y Crianza', 'Salud y Bienestar Físico', 'Carrera y Propósito Profesional']) fireEvent.click(choice(title));
    fireEvent.click(confirmButton());
    // Familia y Crianza had seven answers: the new round starts at its first level, with an empty box.
    expect(await position(1, 1)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Familia y Crianza' })).toBeTruthy();
    expect(answerBox().value).toBe('');
    expect(screen.queryByText(/Tus respuestas anteriores/)).toBeNull();
    expect(api.callsTo(SELECT)[0]!.body).toEqual({ activityId: '7-niveles-deep-why', selectedAreaIds: ['family-parenting', 'health-fitness', 'career'] });
  });

  it("a failed 'Rehacer Ejercicio' says so and keeps the summary", async () => {
    asUser(
      {
        [LOAD]: loaded({ selectedAreaIds: CHOSEN, isCompleted: true, whyAnswers: { 'family-parenting': SEVEN('Familia') } }),
        [RESTART]: envelope(500, 'Error del servidor.'),
      },
      [...BEFORE, '7-niveles-deep-why'],
    );
    renderRoute(PATH, { session: makeUser() });

    fireEvent.click(await screen.findByRole('button', { name: 'Rehacer Ejercicio' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo reiniciar el ejercicio. Inténtalo de nuevo.');
    expect(await summaryTitle()).toBeTruthy();
  });
});

describe('deep why: a guest', () => {
  it('works from the wheel and texts kept in this browser and keeps the choice and answers there', async () => {
    guestWith(BEFORE, GUEST_WHEEL);
    const api = stubApi(questionRoutes());
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 2, name: 'Elige tus 3 áreas de enfoque' })).toBeTruthy();
    expect(choice('Familia y Crianza').textContent).toContain('En mi familia nadie pide ayuda.');
    for (const title of ['Familia y Crianza', 'Amistades', 'Carrera y Propósito Profesional']) fireEvent.click(choice(title));
    fireEvent.click(confirmButton());

    expect(await position(1, 1)).toBeTruthy();
    expect(storedGuest()!.activityData['7-niveles-deep-why']).toEqual({ selectedAreaIds: CHOSEN, whyAnswers: {} });
    expect(await screen.findByText(aiQuestion('family-parenting', 0))).toBeTruthy();
    // A guest's texts travel with the question.
    expect(api.callsTo(ASK)[0]!.body).toEqual({
      areaId: 'family-parenting',
      levelIndex: 0,
      currentText: 'En mi familia nadie pide ayuda.',
      futureText: 'Comemos juntos los domingos y nos reímos.',
    });

    await answerLevel('  Porque los extraño.  ', 1, 2);
    expect(storedGuest()!.activityData['7-niveles-deep-why']).toEqual({ selectedAreaIds: CHOSEN, whyAnswers: { 'family-parenting': ['Porque los extraño.'] } });
    expect(api.callsTo(ANSWER)).toHaveLength(0);
    expect(api.callsTo(SELECT)).toHaveLength(0);
  });

  it('resumes from this browser, finishes early and completes locally with { selectedAreaIds, whyAnswers }', async () => {
    guestWith(BEFORE, { ...GUEST_WHEEL, '7-niveles-deep-why': { selectedAreaIds: CHOSEN, whyAnswers: { 'family-parenting': SEVEN('Familia') } } });
    const api = stubApi(questionRoutes());
    renderRoute(PATH);

    expect(await position(2, 1)).toBeTruthy();
    await answerLevel('Quiero sentirme parte.', 2, 2);
    fireEvent.click(finishNow()!);

    expect(await summaryTitle()).toBeTruthy();
    const stored = storedGuest()!;
    expect(stored.completedSlugs).toEqual([...BEFORE, '7-niveles-deep-why']);
    expect(stored.activityData['7-niveles-deep-why']).toEqual({
      selectedAreaIds: CHOSEN,
      whyAnswers: { 'family-parenting': SEVEN('Familia'), friendships: ['Quiero sentirme parte.'] },
    });
    expect(fact('Familia y Crianza', 'Tu porqué final')).toBe('Familia 7');
    expect(fact('Amistades', 'Tu porqué final')).toBe(NO_FINAL_WHY);
    expect(api.callsTo(COMPLETE)).toHaveLength(0);
  });

  it("'Rehacer Ejercicio' is kept in this browser: the summary does not come back, and finishing again completes with the new round", async () => {
    guestWith([...BEFORE, '7-niveles-deep-why'], {
      ...GUEST_WHEEL,
      '7-niveles-deep-why': { selectedAreaIds: CHOSEN, whyAnswers: { 'family-parenting': SEVEN('Familia') } },
    });
    const api = stubApi(questionRoutes());
    const first = renderRoute(PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Rehacer Ejercicio' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Elige tus 3 áreas de enfoque' })).toBeTruthy();
    // Kept in a shape the account's guest sync accepts (no empty selection).
    expect(storedGuest()!.activityData['7-niveles-deep-why']).toEqual({ restarted: true });
    expect(storedGuest()!.completedSlugs).toContain('7-niveles-deep-why');

    // As after a reload: the selection, not the old summary.
    first.unmount();
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'Elige tus 3 áreas de enfoque' })).toBeTruthy();
    for (const title of ['Familia y Crianza', 'Amistades', 'Carrera y Propósito Profesional']) fireEvent.click(choice(title));
    fireEvent.click(confirmButton());
    expect(await position(1, 1)).toBeTruthy();
    expect(answerBox().value).toBe('');
    expect(storedGuest()!.activityData['7-niveles-deep-why']).toEqual({ restarted: true, selectedAreaIds: CHOSEN, whyAnswers: {} });

    await answerLevel('Porque hoy lo veo distinto.', 1, 2);
    expect(storedGuest()!.activityData['7-niveles-deep-why']).toEqual({
      restarted: true,
      selectedAreaIds: CHOSEN,
      whyAnswers: { 'family-parenting': ['Porque hoy lo veo distinto.'] },
    });
    // From the second area on, finishing closes the new round.
    for (let level = 2; level <= 7; level++) await answerLevel(`Nivel ${level}`, level === 7 ? 2 : 1, level === 7 ? 1 : level + 1);
    fireEvent.click(finishNow()!);
    expect(await summaryTitle()).toBeTruthy();
    expect(storedGuest()!.activityData['7-niveles-deep-why']).toEqual({
      selectedAreaIds: CHOSEN,
      whyAnswers: { 'family-parenting': ['Porque hoy lo veo distinto.', 'Nivel 2', 'Nivel 3', 'Nivel 4', 'Nivel 5', 'Nivel 6', 'Nivel 7'] },
    });
    // A guest's redo and answers stay in this browser: only questions are asked of the server.
    expect(api.calls.filter((c) => !c.path.startsWith('/api/activity/deepWhy/question'))).toEqual([]);
  });

  it("without wheel ratings in this browser: 'Error al Cargar' and the way to the wheel", async () => {
    guestWith(BEFORE, {});
    const api = stubApi({});
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 2, name: 'Error al Cargar' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe("Debes completar 'Rueda de la Vida' primero.");
    expect(screen.getByRole('link', { name: 'Ir a la Rueda de la Vida' }).getAttribute('href')).toBe('/cursos/manifiesta/12-areas-balance');
    expect(api.calls).toHaveLength(0);
  });
});
