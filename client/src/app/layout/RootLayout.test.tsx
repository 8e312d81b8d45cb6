import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, stubApi, VIEW_ROUTE } from '../../testing/fake-api';
import { renderRoute } from '../../testing/render-route';

// Public pages count the visit (POST /api/leads/view): answered here unless a test stubs the API itself,
// so no request leaves the test and no failure is logged after the file has closed.
beforeEach(() => {
  stubApi(VIEW_ROUTE);
});
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

const lucia = makeUser({ username: 'lucia.sol' });
const toggleName = 'Abrir el menú de tu cuenta';

async function openDrawer() {
  const toggle = await screen.findByRole('button', { name: toggleName });
  fireEvent.click(toggle);
  return { toggle, drawer: screen.getByRole('dialog') };
}

describe('side drawer of a signed-in user', () => {
  it('greets the user and links to Inicio and Mi Curso', async () => {
    renderRoute('/about', { session: lucia });
    const { toggle, drawer } = await openDrawer();

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(drawer.id);
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(within(drawer).getByText('Hola, lucia.sol')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Hola, lucia.sol' })).toBe(drawer);
    expect(within(drawer).getByRole('link', { name: 'Inicio' }).getAttribute('href')).toBe('/menu');
    expect(within(drawer).getByRole('link', { name: 'Mi Curso' }).getAttribute('href')).toBe('/cursos/manifiesta');
    expect(within(drawer).getByRole('button', { name: 'Cerrar Sesión' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Acceder' })).toBeNull();
  });

  it('is closed at first', async () => {
    renderRoute('/about', { session: lucia });
    const toggle = await screen.findByRole('button', { name: toggleName });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves focus in, closes on Escape and gives focus back to the button', async () => {
    renderRoute('/about', { session: lucia });
    const { toggle, drawer } = await openDrawer();

    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('keeps Tab inside the open drawer', async () => {
    renderRoute('/about', { session: lucia });
    const { drawer } = await openDrawer();
    const logout = within(drawer).getByRole('button', { name: 'Cerrar Sesión' });
    const close = within(drawer).getByRole('button', { name: 'Cerrar el menú' });

    logout.focus();
    fireEvent.keyDown(logout, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(logout);
  });

  it('closes when a link is followed', async () => {
    const { router } = renderRoute('/about', { session: lucia });
    const { drawer } = await openDrawer();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Inicio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the page changes by other means (e.g. the back button)', async () => {
    const { router } = renderRoute('/about', { session: lucia });
    await openDrawer();
    await act(() => router.navigate('/newsletter'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/newsletter'));
    // Navigations are transitions: the drawer closes when the new page (a lazy chunk) is on screen.
    await screen.findByRole('heading', { level: 1, name: 'Newsletter' }, { timeout: 5000 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Cerrar Sesión' logs out and goes to /login", async () => {
    const api = stubApi({ 'POST /api/auth/logout': envelope(200, 'Sesión cerrada.') });
    const { router } = renderRoute('/about', { session: lucia });
    const { drawer } = await openDrawer();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Cerrar Sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: toggleName })).toBeNull();
  });

  it("'Cerrar Sesión' still signs out and goes to /login when the server call fails", async () => {
    stubApi({ 'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderRoute('/menu', { session: lucia });
    const { drawer } = await openDrawer();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Cerrar Sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('signing out on a protected page still ends on /login', async () => {
    stubApi({ 'POST /api/auth/logout': envelope(200, 'Sesión cerrada.') });
    const { router } = renderRoute('/mi-cuenta', { session: lucia });
    const { drawer } = await openDrawer();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Cerrar Sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
  });
});

describe("guest's floating 'Acceder' button", () => {
  it('links to /login?redirect={current path}', async () => {
    renderRoute('/newsletter');
    const link = await screen.findByRole('link', { name: 'Acceder' });
    expect(link.getAttribute('href')).toBe('/login?redirect=/newsletter');
    expect(screen.queryByRole('button', { name: toggleName })).toBeNull();
  });

  it('keeps the query of the current page in the redirect', async () => {
    renderRoute('/cursos/manifiesta?modulo=2');
    const link = await screen.findByRole('link', { name: 'Acceder' });
    expect(new URLSearchParams(link.getAttribute('href')!.split('?')[1]).get('redirect')).toBe('/cursos/manifiesta?modulo=2');
  });

  it('follows the visitor from page to page', async () => {
    const { router } = renderRoute('/about');
    expect((await screen.findByRole('link', { name: 'Acceder' })).getAttribute('href')).toBe('/login?redirect=/about');
    await act(() => router.navigate('/nostalgia'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Acceder' }).getAttribute('href')).toBe('/login?redirect=/nostalgia'));
  });

  it('hides once the page is scrolled past 20 px, and comes back at the top', async () => {
    renderRoute('/about');
    await screen.findByRole('link', { name: 'Acceder' });

    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
      fireEvent.scroll(window);
    };

    // The first scroll is retried until the listener (attached in an effect) has seen it.
    await waitFor(() => {
      scrollTo(21);
      expect(screen.queryByRole('link', { name: 'Acceder' })).toBeNull();
    });
    scrollTo(20);
    expect(screen.queryByRole('link', { name: 'Acceder' })).not.toBeNull();
    scrollTo(21);
    expect(screen.queryByRole('link', { name: 'Acceder' })).toBeNull();
    scrollTo(0);
    expect(screen.queryByRole('link', { name: 'Acceder' })).not.toBeNull();
  });

  it.each(['/login', '/signup', '/menu', '/reprograma', '/masterclasses', '/recursos-gratuitos', '/hielo', '/coaching'])('is not shown on %s', async (path) => {
    renderRoute(path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Acceder' })).toBeNull();
  });

  it('is shown on the other pages, e.g. /about, /newsletter, /cursos/manifiesta', async () => {
    for (const path of ['/about', '/newsletter', '/cursos/manifiesta']) {
      const view = renderRoute(path);
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByRole('link', { name: 'Acceder' })).toBeTruthy();
      view.unmount();
    }
  });
});
