import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIFE_AREAS } from '../../../../../../course/areas';
import { GUEST_PROGRESS_KEY } from '../../../../lib/guest-progress';
import { deferred, envelope, makeUser, stubApi } from '../../../../testing/fake-api';
import { renderRoute } from '../../../../testing/render-route';

const BELIEFS = '/cursos/manifiesta/concientizando-areas-balance';
const VISION = '/cursos/manifiesta/viendo-hacia-atras-desde-el-futuro';
const STATUS = 'GET /api/activity/getCompletionStatus';
const LOAD = 'GET /api/activity/getAreaDefinitions';
const SAVE = 'POST /api/activity/saveAreaDefinition';
const COMPLETE = 'POST /api/activity/markAsComplete';

// love 9, friendships 2, finances 5, quality 7, health 1, intellectual 10, emotional 4, spiritual 6, career 3,
// character 8, family 0, vision 6. Weakest first: family, health, friendships, career, emotional, finances,
// spiritual, vision, quality, character, love, intellectual.
const SCORES = [9, 2, 5, 7, 1, 10, 4, 6, 3, 8, 0, 6];
const RATINGS = Object.fromEntries(LIFE_AREAS.map((a, i) => [a.id, SCORES[i]!]));
const WEAKEST_FIRST = ['Familia y Crianza', 'Salud y Bienestar Físico', 'Amistades', 'Carrera y Propósito Profesional', 'Vida Emocional'];

const loaded = (definitions: Record<string, string> = {}, ratings: Record<string, number> = RATINGS) =>
  envelope(200, 'Respuestas por área.', { definitions, ratings });
const everyText = (text: string) => Object.fromEntries(LIFE_AREAS.map((a) => [a.id, `${text} (${a.title})`]));
const storedGuest = () =>
  JSON.parse(window.localStorage.getItem(GUEST_PROGRESS_KEY) ?? 'null') as { completedSlugs: string[]; activityData: Record<string, unknown> } | null;
const guestWith = (completedSlugs: string[], activityData: Record<string, unknown> = {}) =>
  window.localStorage.setItem(GUEST_PROGRESS_KEY, JSON.stringify({ completedSlugs, activityData }));

const areaTitle = async () => (await screen.findByText(/^ÁREA DE ENFOQUE/)).nextElementSibling!.querySelector('h2')!.textContent;
const field = () => screen.getByRole('textbox');
const next = (name: string | RegExp = 'Guardar y Continuar') => screen.getByRole('button', { name });
const write = (text: string) => fireEvent.change(field(), { target: { value: text } });

/** Writes and saves the current area, waiting for the next one. */
async function saveStep(text: string, expectedNext: string) {
  write(text);
  fireEvent.click(next());
  await waitFor(async () => expect(await areaTitle()).toBe(expectedNext));
}

function asUser(routes: Parameters<typeof stubApi>[0] = {}, completed = ['12-areas-balance']) {
  return stubApi({ [STATUS]: envelope(200, 'Progreso.', completed), ...routes });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('area definitions: order and layout', () => {
  it("a user: 'Cargando tus áreas de enfoque...', then the areas weakest first, with the earlier score and the prompts", async () => {
    const answer = deferred();
    const api = asUser({ [LOAD]: () => answer.promise, [SAVE]: envelope(200, 'Respuesta guardada.') });
    renderRoute(BELIEFS, { session: makeUser() });

    expect(await screen.findByText('Cargando tus áreas de enfoque...')).toBeTruthy();
    answer.resolve(loaded());
    expect(await areaTitle()).toBe('Familia y Crianza');
    expect(api.callsTo(LOAD)[0]!.url.searchParams.get('activityId')).toBe('concientizando-areas-balance');
    expect(screen.getByText('ÁREA DE ENFOQUE 1 DE 12')).toBeTruthy();
    expect(screen.getByText('Tu calificación: 0/10')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Un Comienzo Enfocado' })).toBeTruthy();
    expect(screen.getByText(/de menor a mayor según tu calificación/)).toBeTruthy();
    const family = LIFE_AREAS.find((a) => a.id === 'family-parenting')!;
    for (const prompt of family.beliefPrompts) expect(screen.getByText(prompt)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Lo que crees hoy sobre Familia y Crianza' })).toBeTruthy();

    for (let i = 1; i < WEAKEST_FIRST.length; i++) await saveStep(`Texto ${i}`, WEAKEST_FIRST[i]!);
    expect(screen.getByText('ÁREA DE ENFOQUE 5 DE 12')).toBeTruthy();
    expect(screen.getByText('Tu calificación: 4/10')).toBeTruthy();
  });

  it('a guest: the default order (even with wheel scores in this browser), the scores as badges, no calls', async () => {
    guestWith(['12-areas-balance'], { '12-areas-balance': { ratings: RATINGS } });
    const api = stubApi({});
    renderRoute(BELIEFS);

    expect(await areaTitle()).toBe('Amor y Pareja');
    expect(screen.getByText('Tu calificación: 9/10')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Un Comienzo Enfocado' })).toBeTruthy();
    expect(screen.getByText(/en su orden habitual/)).toBeTruthy();
    await saveStep('Creo que el amor se gana.', 'Amistades');
    expect(screen.getByText('Tu calificación: 2/10')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("activity 3: 'Cargando tu visión del futuro...', the vision prompts and 'Prioridades para tu Visión'", async () => {
    asUser({ [LOAD]: loaded({}, { 'health-fitness': 1, career: 2 }), [SAVE]: envelope(200, 'Respuesta guardada.') }, [
      '12-areas-balance',
      'concientizando-areas-balance',
    ]);
    renderRoute(VISION, { session: makeUser() });

    expect(await screen.findByText('Cargando tu visión del futuro...')).toBeTruthy();
    expect(await areaTitle()).toBe('Salud y Bienestar Físico');
    expect(screen.getByRole('heading', { level: 2, name: 'Prioridades para tu Visión' })).toBeTruthy();
    const health = LIFE_AREAS.find((a) => a.id === 'health-fitness')!;
    for (const prompt of health.visionPrompts) expect(screen.getByText(prompt)).toBeTruthy();
    await saveStep('Me despierto con energía.', 'Carrera y Propósito Profesional');
    // Unrated areas come after the rated ones, in the default order, without a score.
    await saveStep('Trabajo en lo que amo.', 'Amor y Pareja');
    expect(screen.getByText('Sin calificación')).toBeTruthy();
  });

  it("a failed load: 'Error de conexión...' and the default order", async () => {
    asUser({ [LOAD]: envelope(500, 'Error del servidor.') });
    renderRoute(BELIEFS, { session: makeUser() });

    // A 5xx is tried once more (app/providers.tsx) before it counts as failed.
    expect((await screen.findByRole('alert', undefined, { timeout: 4000 })).textContent).toBe('Error de conexión. Revisa tu conexión e inténtalo de nuevo.');
    expect(await areaTitle()).toBe('Amor y Pareja');
  });
});

describe('area definitions: saving and moving on', () => {
  it("'Guardar y Continuar' is disabled while the text is blank and while saving ('Guardando...')", async () => {
    const saving = deferred();
    const api = asUser({ [LOAD]: loaded(), [SAVE]: () => saving.promise });
    renderRoute(BELIEFS, { session: makeUser() });
    await areaTitle();

    expect((next() as HTMLButtonElement).disabled).toBe(true);
    write('   \n ');
    expect((next() as HTMLButtonElement).disabled).toBe(true);
    write('  Creo que en mi familia nadie pide ayuda.  ');
    expect((next() as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(next());
    const busy = await screen.findByRole('button', { name: 'Guardando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo(SAVE)[0]!.body).toEqual({
      activityId: 'concientizando-areas-balance',
      areaId: 'family-parenting',
      definition: 'Creo que en mi familia nadie pide ayuda.',
    });
    saving.resolve(envelope(200, 'Respuesta guardada.'));
    await waitFor(async () => expect(await areaTitle()).toBe('Salud y Bienestar Físico'));
    expect(field()).toHaveProperty('value', '');
  });

  it("shows a save error inline: the server's message, or 'Error al guardar.'", async () => {
    let answer = () => envelope(400, 'Tu respuesta puede tener hasta 10.000 caracteres.');
    asUser({ [LOAD]: loaded(), [SAVE]: () => answer() });
    renderRoute(BELIEFS, { session: makeUser() });
    await areaTitle();

    write('Un texto');
    fireEvent.click(next());
    expect((await screen.findByRole('alert')).textContent).toBe('Tu respuesta puede tener hasta 10.000 caracteres.');
    expect(await areaTitle()).toBe('Familia y Crianza');
    expect(field().getAttribute('aria-invalid')).toBe('true');

    answer = () => new Response('Bad gateway', { status: 502 });
    fireEvent.click(next());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error al guardar.'));
    expect(await areaTitle()).toBe('Familia y Crianza');
  });

  it("from the 4th area, 'Finalizar ahora y ver el resumen' saves, completes and shows the completion", async () => {
    const api = asUser({
      [LOAD]: loaded(),
      [SAVE]: envelope(200, 'Respuesta guardada.'),
      [COMPLETE]: envelope(200, 'Completada.', ['12-areas-balance', 'concientizando-areas-balance']),
    });
    renderRoute(BELIEFS, { session: makeUser() });
    await areaTitle();

    for (let i = 1; i <= 3; i++) {
      expect(screen.queryByRole('button', { name: 'Finalizar ahora y ver el resumen' })).toBeNull();
      await saveStep(`Creencia ${i}`, WEAKEST_FIRST[i]!);
    }
    expect(screen.getByText('ÁREA DE ENFOQUE 4 DE 12')).toBeTruthy();
    write('Creo que trabajar es sufrir.');
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar ahora y ver el resumen' }));

    expect(await screen.findByRole('heading', { level: 2, name: '¡Actividad Completada!' })).toBeTruthy();
    expect(api.callsTo(SAVE).at(-1)!.body).toEqual({
      activityId: 'concientizando-areas-balance',
      areaId: 'career',
      definition: 'Creo que trabajar es sufrir.',
    });
    expect(api.callsTo(COMPLETE)[0]!.body).toEqual({ activityId: 'concientizando-areas-balance' });
  });

  it('the last area finishes the activity; a failed completion keeps the learner there, says so, and can be tried again', async () => {
    const almost = everyText('Ya escrito');
    delete almost['intellectual-life'];
    let refuse = true;
    const api = asUser({
      [LOAD]: loaded(almost),
      [SAVE]: envelope(200, 'Respuesta guardada.'),
      [COMPLETE]: () => (refuse ? envelope(500, 'Error del servidor.') : envelope(200, 'Completada.', ['12-areas-balance', 'concientizando-areas-balance'])),
    });
    renderRoute(BELIEFS, { session: makeUser() });

    // Resumes at the first area without text: the last one in the weakest-first order.
    expect(await areaTitle()).toBe('Vida Intelectual');
    expect(screen.getByText('ÁREA DE ENFOQUE 12 DE 12')).toBeTruthy();
    write('Creo que aprender es para otros.');
    fireEvent.click(next('Finalizar Actividad'));

    // No completion screen for an activity the syllabus does not count as done.
    expect((await screen.findByRole('alert')).textContent).toBe('Hubo un problema al finalizar la actividad. Inténtalo de nuevo.');
    expect(screen.queryByRole('heading', { level: 2, name: '¡Actividad Completada!' })).toBeNull();
    expect(await areaTitle()).toBe('Vida Intelectual');
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith('No se pudo marcar la actividad como completada.', expect.anything());

    refuse = false;
    fireEvent.click(next('Finalizar Actividad'));
    expect(await screen.findByRole('heading', { level: 2, name: '¡Actividad Completada!' })).toBeTruthy();
    expect(api.callsTo(COMPLETE)).toHaveLength(2);
  });

  it("'Finalizar ahora y ver el resumen' does not show the completion when the completion fails", async () => {
    const api = asUser({ [LOAD]: loaded(), [SAVE]: envelope(200, 'Respuesta guardada.'), [COMPLETE]: envelope(500, 'Error del servidor.') });
    renderRoute(BELIEFS, { session: makeUser() });
    await areaTitle();
    for (let i = 1; i <= 3; i++) await saveStep(`Creencia ${i}`, WEAKEST_FIRST[i]!);
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar ahora y ver el resumen' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Hubo un problema al finalizar la actividad. Inténtalo de nuevo.');
    expect(screen.queryByRole('heading', { level: 2, name: '¡Actividad Completada!' })).toBeNull();
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
  });

  it("a guest's texts stay in this browser as activityData[slug].definitions; finishing completes locally", async () => {
    guestWith(['12-areas-balance', 'concientizando-areas-balance'], {
      'viendo-hacia-atras-desde-el-futuro': { reflection: 'De antes', definitions: { 'love-relationship': 'Vivo un amor sereno.' } },
    });
    const api = stubApi({});
    renderRoute(VISION);

    expect(await areaTitle()).toBe('Amistades');
    await saveStep('Me rodean personas luminosas.', 'Finanzas');
    expect(storedGuest()!.activityData['viendo-hacia-atras-desde-el-futuro']).toEqual({
      reflection: 'De antes',
      definitions: { 'love-relationship': 'Vivo un amor sereno.', friendships: 'Me rodean personas luminosas.' },
    });
    await saveStep('Gano bien haciendo lo que amo.', 'Calidad de Vida');
    write('Mi casa tiene luz.');
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar ahora y ver el resumen' }));

    expect(await screen.findByRole('heading', { level: 2, name: '¡Tu Futuro Ideal está Trazado!' })).toBeTruthy();
    const stored = storedGuest()!;
    expect(stored.completedSlugs).toEqual(['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro']);
    expect(stored.activityData['viendo-hacia-atras-desde-el-futuro']).toMatchObject({
      definitions: { 'quality-of-life': 'Mi casa tiene luz.', finances: 'Gano bien haciendo lo que amo.' },
    });
    expect(api.calls).toHaveLength(0);
  });
});

describe('area definitions: completion', () => {
  it('every area written but never finished (the learner left before the button): arriving records the completion, then the completion screen', async () => {
    const recording = deferred();
    const api = asUser({ [LOAD]: loaded(everyText('Escrito')), [COMPLETE]: () => recording.promise });
    renderRoute(BELIEFS, { session: makeUser() });

    await waitFor(() => expect(api.callsTo(COMPLETE)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: '¡Actividad Completada!' })).toBeNull();
    recording.resolve(envelope(200, 'Completada.', ['12-areas-balance', 'concientizando-areas-balance']));

    expect(await screen.findByRole('region', { name: '¡Actividad Completada!' })).toBeTruthy();
    expect(api.callsTo(COMPLETE)[0]!.body).toEqual({ activityId: 'concientizando-areas-balance' });
  });

  it('when that completion is refused (403), the learner lands on the last area with its finish button', async () => {
    const api = asUser({ [LOAD]: loaded(everyText('Escrito')), [COMPLETE]: envelope(403, 'Completa la actividad anterior antes de continuar con esta.') });
    renderRoute(BELIEFS, { session: makeUser() });

    expect(await screen.findByText('ÁREA DE ENFOQUE 12 DE 12')).toBeTruthy();
    expect(await areaTitle()).toBe('Vida Intelectual');
    expect(next('Finalizar Actividad')).toBeTruthy();
    expect(field()).toHaveProperty('value', 'Escrito (Vida Intelectual)');
    expect(screen.queryByRole('region', { name: '¡Actividad Completada!' })).toBeNull();
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
  });

  it('a guest with every area written but not completed: coming back completes it in this browser, then the completion screen', async () => {
    guestWith(['12-areas-balance'], { 'concientizando-areas-balance': { definitions: everyText('Escrito') } });
    const api = stubApi({});
    renderRoute(BELIEFS);

    expect(await screen.findByRole('region', { name: '¡Actividad Completada!' })).toBeTruthy();
    expect(storedGuest()!.completedSlugs).toEqual(['12-areas-balance', 'concientizando-areas-balance']);
    expect(api.calls).toHaveLength(0);
  });

  it('activity 2 with every area written opens on the completion: two questions, review, next, syllabus', async () => {
    asUser({ [LOAD]: loaded(everyText('Escrito')) }, ['12-areas-balance', 'concientizando-areas-balance']);
    const { router } = renderRoute(BELIEFS, { session: makeUser() });

    const done = await screen.findByRole('region', { name: '¡Actividad Completada!' });
    expect(within(done).getByRole('heading', { level: 4, name: /absoluto o relativo/ })).toBeTruthy();
    expect(within(done).getByRole('heading', { level: 4, name: /significa realmente lo que crees/ })).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Volver al Temario' }).getAttribute('href')).toBe('/cursos/manifiesta');

    fireEvent.click(within(done).getByRole('button', { name: 'Revisar mis respuestas' }));
    expect(await areaTitle()).toBe('Familia y Crianza');
    expect(field()).toHaveProperty('value', 'Escrito (Familia y Crianza)');
    expect(router.state.location.pathname).toBe(BELIEFS);
  });

  it("activity 3's completion: two tips, 'Revisar mi Visión' and 'Siguiente Actividad' on to the next", async () => {
    asUser({ [LOAD]: loaded(everyText('Visto')) }, ['12-areas-balance', 'concientizando-areas-balance', 'viendo-hacia-atras-desde-el-futuro']);
    const { router } = renderRoute(VISION, { session: makeUser() });

    const done = await screen.findByRole('region', { name: '¡Tu Futuro Ideal está Trazado!' });
    expect(within(done).getByRole('heading', { level: 4, name: 'Tu visión es un filtro' })).toBeTruthy();
    expect(within(done).getByRole('heading', { level: 4, name: 'De la visión a la acción' })).toBeTruthy();
    expect(within(done).getByRole('button', { name: 'Revisar mi Visión' })).toBeTruthy();

    fireEvent.click(within(done).getByRole('button', { name: 'Siguiente Actividad' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cursos/manifiesta/7-niveles-deep-why'));
  });

  it("the last area of activity 3 reads 'Finalizar y Trazar Futuro'", async () => {
    const almost = everyText('Visto');
    delete almost['life-vision'];
    asUser({ [LOAD]: loaded(almost, {}) }, ['12-areas-balance', 'concientizando-areas-balance']);
    renderRoute(VISION, { session: makeUser() });

    expect(await areaTitle()).toBe('Visión de Vida');
    write('Miro atrás y sonrío.');
    expect(next('Finalizar y Trazar Futuro')).toBeTruthy();
  });
});
