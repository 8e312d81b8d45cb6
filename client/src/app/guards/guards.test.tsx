import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, envelope, makeUser, noSession, stubApi } from '../../testing/fake-api';
import { renderRoute } from '../../testing/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page's h1 with this text: waits for React to show the page the router is on. */
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('protected wrapper (/mi-cuenta)', () => {
  it('sends a guest to /login with ?redirect= and the origin in location.state.from', async () => {
    stubApi({ 'GET /api/auth/verifyToken': noSession() });
    const { router } = renderRoute('/mi-cuenta?x=1', { session: 'check' });

    expect(await heading('Iniciar sesión')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/mi-cuenta?x=1');
    expect(router.state.location.state).toEqual({ from: '/mi-cuenta?x=1' });
  });

  it('brings the guest back after signing in', async () => {
    stubApi({
      'GET /api/auth/verifyToken': noSession(),
      'POST /api/auth/login': envelope(200, 'Sesión iniciada.', makeUser()),
    });
    const { router } = renderRoute('/mi-cuenta?x=1', { session: 'check' });

    fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: 'lucia@example.com' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'respira-y-suelta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mi-cuenta'));
    expect(router.state.location.search).toBe('?x=1');
    expect(await heading('Mi cuenta')).toBeTruthy();
  });

  it('lets a signed-in user in', async () => {
    stubApi({ 'GET /api/auth/verifyToken': envelope(200, 'Sesión activa.', makeUser()) });
    const { router } = renderRoute('/mi-cuenta', { session: 'check' });
    expect(await heading('Mi cuenta')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mi-cuenta');
  });

  it("shows 'Cargando...' while the session loads, and nothing of the page", async () => {
    const answer = deferred();
    stubApi({ 'GET /api/auth/verifyToken': () => answer.promise });
    const { router } = renderRoute('/mi-cuenta', { session: 'check' });

    expect((await screen.findByRole('status')).textContent).toBe('Cargando...');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(router.state.location.pathname).toBe('/mi-cuenta');

    answer.resolve(envelope(200, 'Sesión activa.', makeUser()));
    expect(await heading('Mi cuenta')).toBeTruthy();
  });
});

describe('guest-only wrapper (/login, /signup)', () => {
  it.each(['/login', '/signup', '/login?redirect=/cursos/manifiesta'])('sends a signed-in user from %s to /menu', async (path) => {
    stubApi({ 'GET /api/auth/verifyToken': envelope(200, 'Sesión activa.', makeUser()) });
    const { router } = renderRoute(path, { session: 'check' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(await heading('Manifiesta')).toBeTruthy();
    expect(screen.queryByLabelText('Contraseña')).toBeNull();
  });

  it.each([
    ['/login', 'Iniciar sesión'],
    ['/signup', 'Crear cuenta'],
  ])('shows %s to a guest', async (path, title) => {
    stubApi({ 'GET /api/auth/verifyToken': noSession() });
    const { router } = renderRoute(path, { session: 'check' });
    expect(await heading(title)).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });
});
