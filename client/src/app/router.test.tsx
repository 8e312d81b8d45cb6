import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes, Outlet, UNSAFE_createMemoryHistory as createMemoryHistory, type RouteObject } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, stubApi } from '../testing/fake-api';
import { renderRoute } from '../testing/render-route';
import { AppProviders } from './providers';
import { RouteErrorBoundary } from './RouteError';
import { AppRouter, page, routes } from './router';

const NOT_FOUND_HEADING = '404 - Página No Encontrada';

/**
 * Lets React finish the first mount. StrictMode re-runs a new tree's effects after its passive effects, which
 * the scheduler may leave for a later task than the one that showed the page; a count of calls started
 * before that would be off by one.
 */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

async function pageHeading() {
  return screen.findByRole('heading', { level: 1 });
}

describe('404 page', () => {
  it('shows exactly the three texts and links back to /menu', async () => {
    const { router } = renderRoute('/esta-ruta-no-existe');

    expect((await pageHeading()).textContent).toBe(NOT_FOUND_HEADING);
    const main = screen.getByRole('main');
    expect(within(main).getByText('La ruta que buscas no existe o ha sido movida.').tagName).toBe('P');
    const link = within(main).getByRole('link', { name: 'Volver al Menú Principal' });
    expect(link.getAttribute('href')).toBe('/menu');
    expect(main.textContent).toBe(`${NOT_FOUND_HEADING}La ruta que buscas no existe o ha sido movida.Volver al Menú Principal`);

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  });

  it('catches nested unknown paths too', async () => {
    renderRoute('/cursos/manifiesta/una/ruta/de/mas');
    expect((await pageHeading()).textContent).toBe(NOT_FOUND_HEADING);
  });
});

describe('the first page', () => {
  /**
   * Every skeleton put into or taken out of <main>: the route fallback, committed while a page suspends and taken
   * out when the page arrives. Read from the records, not the DOM: both commits may come before the observer runs.
   */
  function watchRouteFallbacks() {
    const seen: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const { target, addedNodes, removedNodes } of records) {
        if (!(target instanceof Element) || !target.matches('main')) continue;
        seen.push(...[...addedNodes, ...removedNodes].filter((node) => node instanceof Element && node.matches('.sk')));
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return { seen, stop: () => observer.disconnect() };
  }

  it('is on screen with no fallback commit before it once its chunk is preloaded', async () => {
    // As main.tsx starts the app: the page's chunk preloaded first (here awaited, as it has usually finished by the
    // first render), a guest's shell (no session cookie, so no session check), the first page in a transition, and
    // React's own scheduler. Not inside act(): act() runs React's work without yielding, so a page that suspends on
    // its settled chunk would not get the microtask it needs to render at once, as in a browser.
    const handles = (matchRoutes(routes, '/reprograma') ?? []).map(({ route }) => route.handle as { preload?: () => Promise<unknown> } | undefined);
    await Promise.all(handles.map((handle) => handle?.preload?.()));
    stubApi({ 'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }) });
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    document.documentElement.dataset.session = 'none';
    const fallbacks = watchRouteFallbacks();
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      root.render(
        <StrictMode>
          <AppProviders notice={null}>
            <AppRouter history={createMemoryHistory({ initialEntries: ['/reprograma'], v5Compat: true })} />
          </AppProviders>
        </StrictMode>,
      );
      expect((await pageHeading()).textContent).toBe('Reprogramate');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fallbacks.seen).toEqual([]);
    } finally {
      root.unmount();
      container.remove();
      fallbacks.stop();
      delete document.documentElement.dataset.session;
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});

describe('routes', () => {
  it('redirects / to /menu', async () => {
    const { router } = renderRoute('/');

    expect((await pageHeading()).textContent).toBe('Manifiesta');
    expect(router.state.location.pathname).toBe('/menu');
  });

  it.each([
    ['/menu', 'Manifiesta'],
    ['/login', 'Iniciar sesión'],
    ['/signup', 'Crear cuenta'],
    ['/verify-email', 'Verificación de cuenta'],
    ['/reprograma', 'Reprogramate'],
    ['/manifiesta', 'Manifiesta: el curso completo'],
    ['/manifiesta-call', 'Llamada de claridad'],
    ['/hielo', 'Retiro de Hielo en Córdoba'],
    ['/masterclasses', 'Masterclasses'],
    ['/coaching', 'Sesión 1:1 de Propósito'],
    ['/about', 'Sobre mí'],
    ['/recursos-gratuitos', 'Recursos Gratuitos'],
    ['/newsletter', 'Newsletter'],
    ['/nostalgia', 'Soltar el Pasado'],
    ['/niveles', 'Los Niveles de Conciencia'],
    ['/afirmaciones', 'Afirmaciones que Transforman'],
    ['/cursos/manifiesta', 'Curso Manifiesta'],
    ['/cursos/manifiesta/12-areas-balance', 'Rueda de la Vida'],
    ['/herramientas/7-fases', 'Meditación de las 7 Fases'],
    ['/metafisica/bashar/15-minutos-y-contando', '15 Minutos y Contando'],
  ])('%s shows its page', async (path, heading) => {
    renderRoute(path);
    expect((await pageHeading()).textContent).toBe(heading);
  });

  it('/newsletter/dean/2025-07-01-el-arte-de-soltar shows its page, the letter the server serves', async () => {
    stubApi({
      'GET /api/newsletter/letters/dean/2025-07-01-el-arte-de-soltar': envelope(200, 'Carta.', {
        title: 'El arte de soltar',
        series: 'dean',
        slug: '2025-07-01-el-arte-de-soltar',
        publishedOn: '2025-07-01',
        html: '<p>Piensa en el cajón.</p>',
      }),
    });
    renderRoute('/newsletter/dean/2025-07-01-el-arte-de-soltar');
    expect((await pageHeading()).textContent).toBe('El arte de soltar');
  });

  it.each([
    ['a guest', null],
    ['a signed-in user', makeUser()],
  ])('/confirmacion-pago shows its page to %s (a guest may have bought the ebook)', async (_, session) => {
    const { router } = renderRoute('/confirmacion-pago', { session });
    expect((await pageHeading()).textContent).toBe('Confirmación de pago');
    expect(router.state.location.pathname).toBe('/confirmacion-pago');
  });

  it('gives each page its document title', async () => {
    renderRoute('/nostalgia');
    await pageHeading();
    expect(document.title).toBe('Soltar el Pasado · Manifiesta');
  });
});

describe('navigation', () => {
  it('scrolls the window to the top on every navigation', async () => {
    const { router } = renderRoute('/menu');
    await pageHeading();
    await settle();
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();

    fireEvent.click(screen.getByRole('link', { name: /Programa Reprogramate/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reprograma'));
    // The address changes before the lazy page has rendered: wait for its own heading.
    expect((await screen.findByRole('heading', { level: 1, name: 'Reprogramate' }, { timeout: 5_000 })).textContent).toBe('Reprogramate');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    fireEvent.click(screen.getByRole('link', { name: 'Volver al menú' }));
    expect((await screen.findByRole('heading', { level: 1, name: 'Manifiesta' })).textContent).toBe('Manifiesta');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('moves focus to the main content after a navigation, not on the first page', async () => {
    renderRoute('/menu');
    await pageHeading();
    expect(document.activeElement).toBe(document.body);

    fireEvent.click(screen.getByRole('link', { name: /Recursos gratuitos/ }));
    await screen.findByRole('heading', { level: 1, name: 'Recursos Gratuitos' });
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});

describe('a page whose chunk is gone after a deploy', () => {
  const MARK = 'manifiesta_chunk_reload';
  const gone = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/Vieja-abc123.js');
  /** /vieja under the same error boundary and fallback as the app's pages. */
  const tableWith = (Component: RouteObject['Component']): RouteObject[] => [
    {
      path: '/',
      element: (
        <RouteErrorBoundary>
          <Suspense fallback={<p>Cargando la página</p>}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      ),
      children: [{ path: 'vieja', Component }],
    },
  ];
  const errorPage = () => screen.queryByRole('heading', { name: 'Algo salió mal' });

  beforeEach(() => {
    window.sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('reloads the page once (marked in session storage) and shows no error page meanwhile', async () => {
    renderRoute('/vieja', { routes: tableWith(page(() => Promise.reject(gone()), { query: false })) });
    await waitFor(() => expect(window.sessionStorage.getItem(MARK)).not.toBeNull());
    await settle();
    expect(screen.getByText('Cargando la página')).toBeTruthy();
    expect(errorPage()).toBeNull();
  });

  it('shows the error page when it fails again right after that reload (no loop)', async () => {
    window.sessionStorage.setItem(MARK, String(Date.now() - 2_000));
    renderRoute('/vieja', { routes: tableWith(page(() => Promise.reject(gone()), { query: false })) });
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
  });

  it('an activity body (a lazy part of a page) gone too: the same single reload instead of the error page', async () => {
    const Body = lazy(() => Promise.reject(gone()));
    renderRoute('/vieja', { routes: tableWith(() => <Body />) });
    await waitFor(() => expect(window.sessionStorage.getItem(MARK)).not.toBeNull());
    await settle();
    expect(errorPage()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a page that loads forgets the mark, so the next deploy may reload once again', async () => {
    window.sessionStorage.setItem(MARK, String(Date.now()));
    renderRoute('/vieja', { routes: tableWith(page(async () => () => <h1>Nueva</h1>, { query: false })) });
    expect((await pageHeading()).textContent).toBe('Nueva');
    expect(window.sessionStorage.getItem(MARK)).toBeNull();
  });

  it('any other failure still shows the error page', async () => {
    renderRoute('/vieja', { routes: tableWith(page(() => Promise.reject(new TypeError('x is not a function')), { query: false })) });
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    expect(window.sessionStorage.getItem(MARK)).toBeNull();
  });
});
