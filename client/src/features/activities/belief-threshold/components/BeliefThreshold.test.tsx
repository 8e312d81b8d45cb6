import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BELIEF_THRESHOLD_ACTIVITY } from '../../../../../../course/activities';
import { BELIEF_REQUIRED, DELETE_CONFIRM, GOAL_TOO_SHORT, TIME_FRAMES, type BeliefGoal } from '../../../../../../course/belief-threshold';
import { activityBySlug } from '../../../../../../course/syllabus';
import { createQueryClient } from '../../../../app/providers';
import { fakeActivityStore, InActivity } from '../../../../testing/activity-store';
import { deferred, envelope, noSession, stubApi, type ApiRoutes } from '../../../../testing/fake-api';
import { LESSON_TEXTS } from '../../../../testing/lessons';
import BeliefThreshold from './BeliefThreshold';

const PATH = '/cursos/manifiesta/umbral-de-creencia';
const LOAD = 'GET /api/activity/getBeliefThreshold';
const SAVE = 'POST /api/activity/saveBeliefThreshold';
const DELETE = 'POST /api/activity/deleteBeliefThresholdGoal';
const NEW_ID = '0b6a4d1e-7f3c-4a2b-9c8d-1e2f3a4b5c6d';
const GOAL_TEXT = 'Vivir de mi trabajo como terapeuta';

const goal = (over: Partial<BeliefGoal> = {}): BeliefGoal => ({
  id: '3f9e2c1a-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  manifestGoal: GOAL_TEXT,
  hesitations: [],
  currentTimeIndex: 0,
  perfectTimeFrameLabel: null,
  perfectTimeFrameYears: null,
  ...over,
});

/** The server's save: the goal as sent, with its id (a new one when none was sent). */
async function savedAsSent(request: Request): Promise<Response> {
  const { activityId: _activity, ...sent } = (await request.json()) as BeliefGoal & { activityId: string };
  return envelope(200, 'Meta guardada.', { ...sent, id: sent.id ?? NEW_ID });
}

function asUser(goals: BeliefGoal[] = [], routes: ApiRoutes = {}) {
  return stubApi({ [LOAD]: envelope(200, 'Tus metas.', goals), [SAVE]: savedAsSent, [DELETE]: envelope(200, 'Meta eliminada.'), ...routes });
}

/**
 * The body as the activity host hands it over (ActivityPage: done, goNext... and the store: where the data is
 * kept, the completion, the session prompt), with the host's callbacks as spies.
 */
function renderBody({ signedIn = true, done = false, hasNext = true } = {}) {
  const text = LESSON_TEXTS[BELIEF_THRESHOLD_ACTIVITY]!;
  const store = fakeActivityStore(signedIn ? 'server' : 'browser');
  const props = {
    activity: activityBySlug(BELIEF_THRESHOLD_ACTIVITY)!,
    // The activity's text, as the host loads it from the server (GET /api/course/lesson/{slug}).
    text: { slug: BELIEF_THRESHOLD_ACTIVITY, title: 'Umbral de Creencia', intro: text.intro, sections: text.sections, closing: null },
    done,
    hasNext,
    goNext: vi.fn(),
  };
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <InActivity store={store}>
            <BeliefThreshold {...props} />
          </InActivity>
        ),
      },
    ],
    { initialEntries: [PATH] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...props, complete: store.complete, sessionExpired: store.sessionExpired };
}

const question = (label: string, text = GOAL_TEXT) => `¿Crees, con todo tu ser, que puedes lograr «${text}» en ${label}?`;
const findQuestion = (label: string, text?: string) => screen.findByRole('heading', { level: 2, name: question(label, text) });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const goalsList = async () => screen.findByRole('heading', { level: 2, name: 'Tus metas' });
const lastSave = (api: ReturnType<typeof stubApi>) => api.callsTo(SAVE).at(-1)!.body;

async function writeGoal(text: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Nueva meta' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Tu meta' }), { target: { value: text } });
  fireEvent.click(button('Guardar mi meta'));
}

/** A learner with one goal in progress, resumed: the question at `label` is shown. */
async function resumed(saved: BeliefGoal, label: string, { routes = {}, done = false }: { routes?: ApiRoutes; done?: boolean } = {}) {
  const api = asUser([saved], routes);
  const host = renderBody({ done });
  fireEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
  await findQuestion(label);
  return { api, host };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('belief threshold: the goal', () => {
  it("loads the learner's goals ('Cargando tus metas...') and explains the threshold", async () => {
    const answer = deferred();
    const api = asUser([], { [LOAD]: () => answer.promise });
    renderBody();

    expect(await screen.findByText('Cargando tus metas...')).toBeTruthy();
    answer.resolve(envelope(200, 'Tus metas.', []));
    expect(await goalsList()).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Encuentra tu umbral de creencia' })).toBeTruthy();
    expect(screen.getByText(/tu cuerpo deja de discutir y dice: «sí, lo creo»/)).toBeTruthy();
    expect(screen.getByText(/Todavía no tienes metas aquí/)).toBeTruthy();
    expect(api.callsTo(LOAD)[0]!.url.searchParams.get('activityId')).toBe('umbral-de-creencia');
  });

  it(`a goal of 10 characters or fewer, trimmed, says '${GOAL_TOO_SHORT}' and sends nothing`, async () => {
    const api = asUser();
    renderBody();

    await writeGoal('   Casa propi   ');
    expect((await screen.findByRole('alert')).textContent).toBe(GOAL_TOO_SHORT);
    expect(screen.getByRole('textbox', { name: 'Tu meta' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(SAVE)).toHaveLength(0);

    // Typing again clears the complaint.
    fireEvent.change(screen.getByRole('textbox', { name: 'Tu meta' }), { target: { value: 'Casa propia' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a new goal is saved without an id and the questioning starts at '20 años', 'Plazo 1 de 10'", async () => {
    const api = asUser();
    renderBody();

    await writeGoal(`  ${GOAL_TEXT}  `);
    expect(await findQuestion('20 años')).toBeTruthy();
    expect(api.callsTo(SAVE)[0]!.body).toEqual({
      activityId: 'umbral-de-creencia',
      manifestGoal: GOAL_TEXT,
      hesitations: [],
      currentTimeIndex: 0,
      perfectTimeFrameLabel: null,
      perfectTimeFrameYears: null,
    });
    expect(screen.getByText('Plazo 1 de 10')).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Tu avance por los plazos' });
    expect(progress.getAttribute('aria-valuenow')).toBe('1');
    expect(progress.getAttribute('aria-valuemax')).toBe('10');
    for (const name of ['Uhm... dudo', 'Sí, Absolutamente', 'Este tiempo es perfecto']) expect(button(name)).toBeTruthy();
  });

  it("a failed save shows the server's message and can be tried again", async () => {
    let answer: (request: Request) => Response | Promise<Response> = () => envelope(400, 'Tu meta puede tener hasta 1.000 caracteres.');
    const api = asUser([], { [SAVE]: (request) => answer(request) });
    renderBody();

    await writeGoal(GOAL_TEXT);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Tu meta puede tener hasta 1.000 caracteres.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '¿Qué quieres manifestar?' })).toBeTruthy();

    answer = savedAsSent;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await findQuestion('20 años')).toBeTruthy();
    expect(api.callsTo(SAVE)).toHaveLength(2);
  });
});

describe('belief threshold: the questioning', () => {
  it("'Sí, Absolutamente' saves the next frame's index and asks at '15 años'", async () => {
    const { api } = await resumed(goal(), '20 años');

    fireEvent.click(button('Sí, Absolutamente'));
    expect(await findQuestion('15 años')).toBeTruthy();
    expect(lastSave(api)).toEqual({ activityId: 'umbral-de-creencia', ...goal({ currentTimeIndex: 1 }) });
    expect(screen.getByText('Plazo 2 de 10')).toBeTruthy();
  });

  it("'Uhm... dudo' asks for the belief (required), saves it with the hesitation and goes on to the next frame", async () => {
    const { api } = await resumed(goal(), '20 años');

    fireEvent.click(button('Uhm... dudo'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Escuchemos esa duda' })).toBeTruthy();
    expect(screen.getByText(/no cree que puedas lograrlo en 20 años/)).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'La creencia que te hace dudar' });

    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(button('Guardar y seguir'));
    expect((await screen.findByRole('alert')).textContent).toBe(BELIEF_REQUIRED);
    expect(api.callsTo(SAVE)).toHaveLength(0);

    fireEvent.change(field, { target: { value: '  Nadie vive de esto en mi ciudad  ' } });
    fireEvent.click(button('Guardar y seguir'));
    expect(await findQuestion('15 años')).toBeTruthy();
    expect(lastSave(api)).toEqual({
      activityId: 'umbral-de-creencia',
      ...goal({ hesitations: [{ timeFrame: { label: '20 años', years: 20 }, belief: 'Nadie vive de esto en mi ciudad' }], currentTimeIndex: 1 }),
    });
  });

  it("'Este tiempo es perfecto' saves the frame as the perfect time and shows the summary, completing once", async () => {
    const doubt = { timeFrame: { label: '20 años', years: 20 }, belief: 'No tengo tiempo' };
    const { api, host } = await resumed(goal({ hesitations: [doubt], currentTimeIndex: 2 }), '10 años');

    fireEvent.click(button('Este tiempo es perfecto'));
    const summary = await screen.findByRole('region', { name: 'Tu umbral de creencia' });
    expect(lastSave(api)).toEqual({
      activityId: 'umbral-de-creencia',
      ...goal({ hesitations: [doubt], currentTimeIndex: 2, perfectTimeFrameLabel: '10 años', perfectTimeFrameYears: 10 }),
    });
    expect(within(summary).getByText(`«${GOAL_TEXT}»`)).toBeTruthy();
    expect(within(summary).getByText('Tu tiempo perfecto: 10 años')).toBeTruthy();
    const beliefs = within(within(summary).getByRole('region', { name: 'Las creencias que aparecieron' })).getAllByRole('listitem');
    expect(beliefs.map((li) => li.textContent)).toEqual(['20 añosNo tengo tiempo']);
    await waitFor(() => expect(host.complete).toHaveBeenCalledTimes(1));
    expect(host.complete).toHaveBeenCalledWith();

    fireEvent.click(within(summary).getByRole('button', { name: 'Siguiente Actividad' }));
    await waitFor(() => expect(host.goNext).toHaveBeenCalledTimes(1));
    expect(host.complete).toHaveBeenCalledTimes(1);
    expect(within(summary).getByRole('link', { name: 'Volver al Temario' }).getAttribute('href')).toBe('/cursos/manifiesta');
  });

  it('a failed completion keeps the learner on the last question, says so, and the summary comes once it is recorded', async () => {
    const { host } = await resumed(goal({ currentTimeIndex: TIME_FRAMES.length - 1 }), '1 mes');
    host.complete.mockRejectedValueOnce(new Error('sin red'));

    fireEvent.click(button('Sí, Absolutamente'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Hubo un problema al finalizar la actividad. Inténtalo de nuevo.')).toBeTruthy();
    // No summary for an activity the syllabus does not count as completed.
    expect(screen.queryByRole('region', { name: 'Tu umbral de creencia' })).toBeNull();
    expect(await findQuestion('1 mes')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    const summary = await screen.findByRole('region', { name: 'Tu umbral de creencia' });
    expect(host.complete).toHaveBeenCalledTimes(2);
    fireEvent.click(within(summary).getByRole('button', { name: 'Siguiente Actividad' }));
    await waitFor(() => expect(host.goNext).toHaveBeenCalledTimes(1));
    expect(host.complete).toHaveBeenCalledTimes(2);
  });

  it("'Sí, Absolutamente' at '1 mes', the last frame, goes to the summary", async () => {
    const { api, host } = await resumed(goal({ currentTimeIndex: TIME_FRAMES.length - 1 }), '1 mes', { done: true });
    expect(screen.getByText('Plazo 10 de 10')).toBeTruthy();

    fireEvent.click(button('Sí, Absolutamente'));
    const summary = await screen.findByRole('region', { name: 'Tu umbral de creencia' });
    expect(within(summary).getByText(/ningún plazo se sintió perfecto/)).toBeTruthy();
    expect(within(summary).getByText(/No apareció ninguna duda/)).toBeTruthy();
    // Nothing changed in the goal; an activity already done is not completed again.
    expect(api.callsTo(SAVE)).toHaveLength(0);
    expect(host.complete).not.toHaveBeenCalled();
  });

  it("'Empezar de Nuevo' clears the doubts and the index, asks from '20 años' again, and keeps the perfect time", async () => {
    const done = goal({
      hesitations: [{ timeFrame: { label: '20 años', years: 20 }, belief: 'Miedo' }],
      currentTimeIndex: 4,
      perfectTimeFrameLabel: '5 años',
      perfectTimeFrameYears: 5,
    });
    const api = asUser([done]);
    renderBody();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver resumen' }));

    const summary = await screen.findByRole('region', { name: 'Tu umbral de creencia' });
    expect(within(summary).getByText('Tu tiempo perfecto: 5 años')).toBeTruthy();
    fireEvent.click(within(summary).getByRole('button', { name: 'Empezar de Nuevo' }));
    expect(await findQuestion('20 años')).toBeTruthy();
    expect(screen.getByText('Plazo 1 de 10')).toBeTruthy();
    expect(lastSave(api)).toEqual({ activityId: 'umbral-de-creencia', ...goal({ perfectTimeFrameLabel: '5 años', perfectTimeFrameYears: 5 }) });

    // The goal found its time: it is still shown as done, not 'En progreso...'.
    fireEvent.click(button('Volver a mis metas'));
    await goalsList();
    expect(screen.getByText('Tu tiempo perfecto: 5 años')).toBeTruthy();
    expect(screen.queryByText('En progreso...')).toBeNull();
  });
});

describe('belief threshold: goal management', () => {
  const done = goal({
    id: '11111111-1111-4111-8111-111111111111',
    manifestGoal: 'Correr un maratón completo',
    perfectTimeFrameLabel: '1 año',
    perfectTimeFrameYears: 1,
    currentTimeIndex: 6,
  });
  const open = goal({ id: '22222222-2222-4222-8222-222222222222', manifestGoal: 'Abrir mi propio consultorio', currentTimeIndex: 3 });

  it("lists done goals with their perfect time and the others as 'En progreso...'; one can be resumed", async () => {
    asUser([done, open]);
    renderBody();
    await goalsList();

    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('Correr un maratón completo')).toBeTruthy();
    expect(within(first!).getByText('Tu tiempo perfecto: 1 año')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Ver resumen' })).toBeTruthy();
    expect(within(second!).getByText('Abrir mi propio consultorio')).toBeTruthy();
    expect(within(second!).getByText('En progreso...')).toBeTruthy();

    fireEvent.click(within(second!).getByRole('button', { name: 'Continuar' }));
    expect(await findQuestion('7 años', 'Abrir mi propio consultorio')).toBeTruthy();
    fireEvent.click(button('Volver a mis metas'));
    expect(await goalsList()).toBeTruthy();
  });

  it('deleting asks first that it cannot be undone, and deletes only on confirm', async () => {
    const api = asUser([done, open]);
    renderBody();
    await goalsList();

    fireEvent.click(button('Eliminar «Correr un maratón completo»'));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar meta' });
    expect(within(dialog).getByText(DELETE_CONFIRM)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(DELETE)).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(button('Eliminar «Correr un maratón completo»'));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar meta' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(DELETE)[0]!.body).toEqual({ id: done.id });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText('Correr un maratón completo')).toBeNull();
  });

  it('a failed delete says why inside the dialog and keeps the goal', async () => {
    asUser([done], { [DELETE]: envelope(404, 'No encontramos esa meta.') });
    renderBody();
    await goalsList();

    fireEvent.click(button('Eliminar «Correr un maratón completo»'));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar meta' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No encontramos esa meta.');
    expect(screen.getByText('Correr un maratón completo')).toBeTruthy();
  });
});

describe('belief threshold: guests and sessions', () => {
  it('a guest sees no goals and an invitation to an account, works through a goal in the page, and nothing is sent', async () => {
    const api = stubApi({});
    const host = renderBody({ signedIn: false });

    await goalsList();
    expect(screen.getByText(/Como invitado, tus metas no se guardan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear Cuenta Gratis' }).getAttribute('href')).toBe('/signup?redirect=/cursos/manifiesta/umbral-de-creencia');
    expect(screen.getByRole('link', { name: 'Ya tengo cuenta' }).getAttribute('href')).toBe('/login?redirect=/cursos/manifiesta/umbral-de-creencia');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);

    await writeGoal(GOAL_TEXT);
    await findQuestion('20 años');
    fireEvent.click(button('Uhm... dudo'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'La creencia que te hace dudar' }), { target: { value: 'Es demasiado pronto' } });
    fireEvent.click(button('Guardar y seguir'));
    await findQuestion('15 años');
    fireEvent.click(button('Este tiempo es perfecto'));

    const summary = await screen.findByRole('region', { name: 'Tu umbral de creencia' });
    expect(within(summary).getByText('Tu tiempo perfecto: 15 años')).toBeTruthy();
    expect(within(summary).getByText('Es demasiado pronto')).toBeTruthy();
    await waitFor(() => expect(host.complete).toHaveBeenCalledTimes(1));

    // Back to the goals: still none kept.
    fireEvent.click(within(summary).getByRole('button', { name: 'Volver a mis metas' }));
    await goalsList();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(api.calls).toHaveLength(0);
  });

  it('a 401 on loading the goals ends the session', async () => {
    asUser([], { [LOAD]: noSession() });
    const host = renderBody();
    await waitFor(() => expect(host.sessionExpired).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a 401 on saving ends the session', async () => {
    const { host } = await resumed(goal(), '20 años', { routes: { [SAVE]: noSession() } });

    fireEvent.click(button('Sí, Absolutamente'));
    await waitFor(() => expect(host.sessionExpired).toHaveBeenCalledTimes(1));
  });

  it("a failed load shows the server's message and tries again", async () => {
    let answer = () => envelope(403, 'Esta actividad es parte del programa completo.');
    asUser([], { [LOAD]: () => answer() });
    renderBody();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Esta actividad es parte del programa completo.')).toBeTruthy();
    answer = () => envelope(200, 'Tus metas.', [goal()]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('En progreso...')).toBeTruthy();
  });
});
