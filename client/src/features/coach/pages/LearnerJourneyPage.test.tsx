import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { JourneyEvent } from '../api/coach-queries';
import { AROUND, coach, JOURNEY, learner, stateRoute } from '../coach-test-utils';
import { COACH_ONLY } from '../components/Forbidden';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE = `/api/coach/learners/${learner.id}`;
const PATH = `/coach/learners/${learner.id}`;

function journeyApi(events: JourneyEvent[] = JOURNEY, extra: Record<string, (request: Request) => Response> = {}) {
  return stubApi({
    ...AROUND,
    [`GET ${BASE}`]: () => envelope(200, 'Persona del curso.', learner),
    [`GET ${BASE}/journey`]: () => envelope(200, 'Recorrido.', { events, nextAfter: null, total: events.length }),
    [`GET ${BASE}/state`]: stateRoute,
    ...extra,
  });
}

// The first render waits for the lazy route's chunk.
const slider = () => screen.findByRole('slider', { name: 'Momento del recorrido' }, { timeout: 10_000 });
const financesPoint = () => document.querySelector('svg[role="img"] circle[data-area="finances"]');
const statesAsked = (api: ReturnType<typeof stubApi>) => api.callsTo(`GET ${BASE}/state`).map((c) => c.url.searchParams.get('at'));

describe('/coach/learners/:id: the journey', { timeout: 20_000 }, () => {
  it('shows the learner, the export links and every event grouped by day, notes apart', async () => {
    journeyApi();
    renderRoute(PATH, { session: coach });

    expect(await screen.findByRole('heading', { level: 1, name: 'ana.luz' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'JSON' }).getAttribute('href')).toBe(`${BASE}/export?format=json`);
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(`${BASE}/export?format=csv`);
    expect(screen.getByRole('link', { name: 'CSV' }).hasAttribute('download')).toBe(true);

    const days = await screen.findAllByRole('heading', { level: 3, name: /de marzo de 2025$/ });
    expect(days.map((d) => d.textContent)).toEqual(['Lunes, 3 de marzo de 2025', 'Miércoles, 5 de marzo de 2025']);
    const firstDay = days[0]!.closest('section')!;
    expect(
      within(firstDay)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Creó su cuenta como @ana.luz'), expect.stringContaining('Calificó Finanzas con 2')]);
    const note = screen.getByText(/Le cuesta hablar de dinero/, { selector: 'li[data-stream="notes"] *' }).closest('li')!;
    expect(within(note).getByText('Nota privada')).toBeTruthy();
    expect(note.querySelector('time')!.getAttribute('datetime')).toBe('2025-03-05T15:00:00.000Z');
  });

  it('loads every page of a long journey, following nextAfter', async () => {
    const api = stubApi({
      ...AROUND,
      [`GET ${BASE}`]: () => envelope(200, 'Persona del curso.', learner),
      [`GET ${BASE}/journey`]: (request) => {
        const after = Number(new URL(request.url).searchParams.get('after'));
        const events = after === 0 ? JOURNEY.slice(0, 2) : JOURNEY.slice(2);
        return envelope(200, 'Recorrido.', { events, nextAfter: after === 0 ? 11 : null, total: JOURNEY.length });
      },
      [`GET ${BASE}/state`]: stateRoute,
    });
    renderRoute(PATH, { session: coach });

    expect((await slider()).getAttribute('max')).toBe('3');
    expect(api.callsTo(`GET ${BASE}/journey`).map((c) => c.url.searchParams.get('after'))).toEqual(['0', '11']);
  });

  it('starts at now; scrubbing back asks for the state at that position and shows the older wheel', async () => {
    const api = journeyApi();
    renderRoute(PATH, { session: coach });

    const range = await slider();
    expect(range.getAttribute('aria-valuetext')).toMatch(/^Evento 4 de 4\. .*Nota de la coach/);
    await waitFor(() => expect(financesPoint()?.getAttribute('data-score')).toBe('7'));
    expect(statesAsked(api)).toEqual(['20']);
    expect(screen.getByRole('heading', { level: 2, name: 'Su estado ahora' })).toBeTruthy();
    // The legend of the overlay (the hidden table names the same two columns).
    expect(screen.getByText('Primera calificación', { selector: 'figcaption span' })).toBeTruthy();
    expect(screen.getByText('En este momento', { selector: 'figcaption span' })).toBeTruthy();

    fireEvent.change(range, { target: { value: '1' } });

    await waitFor(() => expect(financesPoint()?.getAttribute('data-score')).toBe('2'));
    expect(statesAsked(api)).toEqual(['20', '11']);
    expect(range.getAttribute('aria-valuetext')).toMatch(/^Evento 2 de 4\. .*Calificó Finanzas con 2$/);
    expect(screen.getByRole('heading', { level: 2, name: 'Su estado en ese momento' })).toBeTruthy();
    // The chosen event is marked in the timeline.
    const current = document.querySelector('[aria-current="step"]')!;
    expect(current.textContent).toContain('Calificó Finanzas con 2');
    expect(screen.getByRole('img', { name: /Rueda de la Vida de ana\.luz en este momento/ }).getAttribute('aria-label')).toContain('Finanzas: 2');
    // The note came later: not among the notes so far.
    expect(screen.getByText('Sin notas hasta este momento.')).toBeTruthy();

    // Back to a position already seen: answered from the cache, no new request.
    fireEvent.click(screen.getByRole('button', { name: 'Ahora' }));
    await waitFor(() => expect(financesPoint()?.getAttribute('data-score')).toBe('7'));
    expect(statesAsked(api)).toEqual(['20', '11']);
  });

  it('steps one event back and forward, and jumps to an event chosen in the timeline', async () => {
    const api = journeyApi();
    renderRoute(PATH, { session: coach });
    const range = await slider();

    fireEvent.click(screen.getByRole('button', { name: 'Evento anterior' }));
    await waitFor(() => expect((range as HTMLInputElement).value).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Evento anterior' }));
    await waitFor(() => expect((range as HTMLInputElement).value).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Evento siguiente' }));
    await waitFor(() => expect((range as HTMLInputElement).value).toBe('2'));

    fireEvent.click(screen.getByRole('button', { name: /Creó su cuenta/ }));
    await waitFor(() => expect((range as HTMLInputElement).value).toBe('0'));
    await waitFor(() => expect(statesAsked(api)).toContain('10'));
    expect(await screen.findByText('Todavía no había calificado ninguna área.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Evento anterior' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('plays through the events at the chosen speed, from the start when at the end', async () => {
    const api = journeyApi();
    renderRoute(PATH, { session: coach });
    const range = (await slider()) as HTMLInputElement;

    fireEvent.change(screen.getByRole('combobox', { name: 'Velocidad' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reproducir' }));
    expect(range.value).toBe('0');
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeTruthy();

    await waitFor(() => expect(range.value).toBe('1'));
    await waitFor(() => expect(range.value).toBe('3'));
    // At the end it stops by itself.
    expect(await screen.findByRole('button', { name: 'Reproducir' })).toBeTruthy();
    expect(statesAsked(api)).toEqual(expect.arrayContaining(['10', '11', '15', '20']));
  });

  it('filters the timeline by activity, leaving the scrubber over the whole journey', async () => {
    journeyApi();
    renderRoute(PATH, { session: coach });
    await slider();

    const filter = screen.getByRole('combobox', { name: 'Filtrar por actividad' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas las actividades (4)', 'Rueda de la Vida', 'Cuenta, pagos y notas']);
    fireEvent.change(filter, { target: { value: '12-areas-balance' } });

    const items = document.querySelectorAll('li[data-stream]');
    expect([...items].map((li) => li.textContent)).toEqual([expect.stringContaining('con 2'), expect.stringContaining('con 7')]);
    expect((await slider()).getAttribute('max')).toBe('3');
  });

  it('adds a private note that joins the timeline and the state', async () => {
    const saved: JourneyEvent = {
      globalPosition: 21,
      streamPosition: 2,
      stream: 'notes',
      type: 'CoachNoteAdded',
      recordedAt: '2025-03-06T10:00:00.000Z',
      activity: null,
      description: 'Nota de la coach: «Proponerle la meditación»',
      data: {},
    };
    const api = journeyApi(JOURNEY, { [`POST ${BASE}/notes`]: () => envelope(200, 'Nota guardada.', saved) });
    renderRoute(PATH, { session: coach });
    await slider();

    // An empty note is not sent.
    fireEvent.click(screen.getByRole('button', { name: 'Agregar nota' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escribe la nota.');
    expect(api.callsTo(`POST ${BASE}/notes`)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Nota privada'), { target: { value: '  Proponerle la meditación ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar nota' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Jueves, 6 de marzo de 2025' })).toBeTruthy();
    expect(api.callsTo(`POST ${BASE}/notes`)[0]!.body).toEqual({ text: 'Proponerle la meditación' });
    expect(screen.getByText('Nota guardada en el recorrido.')).toBeTruthy();
    expect((screen.getByLabelText('Nota privada') as HTMLTextAreaElement).value).toBe('');
    // Following 'now', the scrubber moves on to the new note.
    const range = (await slider()) as HTMLInputElement;
    await waitFor(() => expect(range.getAttribute('aria-valuetext')).toMatch(/^Evento 5 de 5\. .*Proponerle la meditación/));
    await waitFor(() => expect(statesAsked(api)).toContain('21'));
  });

  it('shows the server message when the note cannot be saved', async () => {
    journeyApi(JOURNEY, { [`POST ${BASE}/notes`]: () => envelope(400, 'La nota puede tener hasta 5.000 caracteres.') });
    renderRoute(PATH, { session: coach });
    await slider();

    fireEvent.change(screen.getByLabelText('Nota privada'), { target: { value: 'Algo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar nota' }));
    expect((await screen.findByRole('alert')).textContent).toBe('La nota puede tener hasta 5.000 caracteres.');
    expect(document.querySelectorAll('li[data-stream]')).toHaveLength(4);
  });

  it('says so when the learner does not exist, and for a non-coach answers 403', async () => {
    stubApi({ ...AROUND, [`GET ${BASE}`]: () => envelope(404, 'No encontramos a esa persona.') });
    const { unmount } = renderRoute(PATH, { session: coach });
    expect((await screen.findByRole('alert', undefined, { timeout: 10_000 })).textContent).toContain('No encontramos a esa persona.');
    expect(screen.getByRole('link', { name: 'Volver a la lista de personas' }).getAttribute('href')).toBe('/coach');
    unmount();

    stubApi({ ...AROUND, [`GET ${BASE}`]: () => envelope(403, COACH_ONLY) });
    renderRoute(PATH, { session: coach });
    expect(await screen.findByText(COACH_ONLY)).toBeTruthy();
  });
});
