import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { AROUND, coach, makeLearner } from '../coach-test-utils';
import { COACH_ONLY } from '../components/Forbidden';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = 'GET /api/coach/learners';
const HOUR = 3_600_000;

function listRoute(learners = [makeLearner()], total = learners.length) {
  return (request: Request) => {
    const url = new URL(request.url);
    return envelope(200, 'Personas del curso.', { learners, total, page: Number(url.searchParams.get('page') ?? 1), pageSize: 20 });
  };
}

// The first render waits for the lazy route's chunk.
const table = () => screen.findByRole('table', undefined, { timeout: 10_000 });

describe('/coach: the learners', { timeout: 20_000 }, () => {
  it('lists each learner with their facts and a link to their journey', async () => {
    const threeHoursAgo = new Date(Date.now() - 3 * HOUR - 60_000).toISOString();
    stubApi({
      ...AROUND,
      [LIST]: listRoute([
        makeLearner({ lastActivityAt: threeHoursAgo }),
        makeLearner({
          id: '5a1e2b3c-2222-4b4b-8b8b-000000000002',
          username: 'bruno',
          email: 'bruno@example.com',
          verified: false,
          premium: true,
          progressPercent: 0,
          currentActivity: null,
          lastActivityAt: null,
        }),
      ]),
    });
    renderRoute('/coach', { session: coach });

    expect(await screen.findByRole('heading', { level: 1, name: 'Personas del curso' }, { timeout: 10_000 })).toBeTruthy();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(within(rows[0]!).getByRole('link', { name: 'ana.luz' }).getAttribute('href')).toBe('/coach/learners/5a1e2b3c-2222-4b4b-8b8b-000000000001');
    expect(first[0]).toBe('ana@example.com');
    expect(first[2]).toBe('Sí');
    expect(first[3]).toBe('No');
    expect(first[4]).toBe('25%');
    expect(first[5]).toBe('Concientizando tus Áreas');
    expect(first[6]).toBe('hace 3 horas');
    const second = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(second.slice(2)).toEqual(['No', 'Sí', '0%', '—', 'Nunca']);
    expect(screen.getByRole('status').textContent).toBe('2 personas');
  });

  it('sorts on the server from the column headers, saying so with aria-sort', async () => {
    const api = stubApi({ ...AROUND, [LIST]: listRoute() });
    renderRoute('/coach', { session: coach });
    await table();

    const query = () => Object.fromEntries(api.callsTo(LIST).at(-1)!.url.searchParams);
    expect(query()).toMatchObject({ sort: 'lastActivityAt', order: 'desc', page: '1', pageSize: '20' });
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Última actividad').getAttribute('aria-sort')).toBe('descending');
    expect(header('Persona').getAttribute('aria-sort')).toBe('none');
    // Not sortable: no aria-sort at all.
    expect(header('Premium').hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(within(header('Persona')).getByRole('button'));
    await waitFor(() => expect(query()).toMatchObject({ sort: 'username', order: 'asc' }));
    expect(header('Persona').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Última actividad').getAttribute('aria-sort')).toBe('none');

    fireEvent.click(within(header('Persona')).getByRole('button'));
    await waitFor(() => expect(query()).toMatchObject({ sort: 'username', order: 'desc' }));
    expect(header('Persona').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(header('Avance')).getByRole('button'));
    await waitFor(() => expect(query()).toMatchObject({ sort: 'progress', order: 'desc' }));
  });

  it('searches once the typing stops (debounced)', async () => {
    const api = stubApi({ ...AROUND, [LIST]: listRoute() });
    renderRoute('/coach', { session: coach });
    await table();
    expect(api.callsTo(LIST)).toHaveLength(1);
    expect(api.callsTo(LIST)[0]!.url.searchParams.has('search')).toBe(false);

    const box = screen.getByRole('searchbox', { name: 'Buscar por nombre de usuario o correo' });
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'an' } });
    fireEvent.change(box, { target: { value: 'ana' } });
    // Nothing yet: the request waits for a pause.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.callsTo(LIST)).toHaveLength(1);

    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    expect(api.callsTo(LIST)[1]!.url.searchParams.get('search')).toBe('ana');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.callsTo(LIST)).toHaveLength(2);
  });

  it('pages through the list on the server', async () => {
    const api = stubApi({ ...AROUND, [LIST]: listRoute([makeLearner()], 45) });
    renderRoute('/coach', { session: coach });
    await table();

    const pager = screen.getByRole('navigation', { name: 'Páginas de la lista' });
    expect(within(pager).getByText('Página 1 de 3')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)!.url.searchParams.get('page')).toBe('2'));
    expect(await within(pager).findByText('Página 2 de 3')).toBeTruthy();
  });

  it('shows the coach-only page to anyone else, without asking for the list', async () => {
    const api = stubApi({ ...AROUND, [LIST]: listRoute() });
    renderRoute('/coach', { session: makeUser({ roles: [7] }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sin acceso' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(COACH_ONLY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al menú' }).getAttribute('href')).toBe('/menu');
    expect(api.callsTo(LIST)).toHaveLength(0);
  });

  it("shows the server's 403 too (a role taken away mid-visit)", async () => {
    stubApi({ ...AROUND, [LIST]: envelope(403, COACH_ONLY) });
    renderRoute('/coach', { session: coach });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sin acceso' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(COACH_ONLY)).toBeTruthy();
  });

  it('sends a guest to sign in first', async () => {
    stubApi({ ...AROUND });
    const { router } = renderRoute('/coach', { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/coach');
  });

  it('links a coach to her desk from the account drawer, and no one else', async () => {
    stubApi({ ...AROUND, [LIST]: listRoute() });
    const { unmount } = renderRoute('/coach', { session: coach });
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir el menú de tu cuenta' }, { timeout: 10_000 }));
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'Panel de la coach' }).getAttribute('href')).toBe('/coach');
    unmount();

    renderRoute('/coach', { session: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir el menú de tu cuenta' }, { timeout: 10_000 }));
    expect(within(screen.getByRole('dialog')).queryByRole('link', { name: 'Panel de la coach' })).toBeNull();
  });
});
