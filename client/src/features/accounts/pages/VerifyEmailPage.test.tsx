import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred, envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

beforeAll(async () => {
  // Loaded up front: with fake timers the lazy routes must resolve without waiting on real time.
  await Promise.all([import('./VerifyEmailPage'), import('./LoginPage')]);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets fake time run in small steps, so promises and React's batched updates get through. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('/verify-email', () => {
  it("shows 'Verificando tu cuenta...', then the success view, and after 3 s goes to /login?verified=true", async () => {
    const answer = deferred();
    const api = stubApi({ 'GET /api/auth/verifyEmail': () => answer.promise });
    const { router } = renderRoute('/verify-email?token=tok-123');

    expect((await screen.findByText('Verificando tu cuenta...')).closest('[role="status"]')).toBeTruthy();

    vi.useFakeTimers();
    answer.resolve(envelope(200, '¡Tu cuenta ha sido activada! Ya puedes iniciar sesión.'));
    await advance(0);
    expect(screen.getByRole('heading', { level: 2, name: '¡Tu cuenta está activa!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión ahora' }).getAttribute('href')).toBe('/login?verified=true');

    await advance(2990);
    expect(router.state.location.pathname).toBe('/verify-email');

    await advance(10);
    expect(router.state.location.pathname).toBe('/login');
    // It arrived with ?verified=true: the login page shows the banner (and has already cleared the query).
    expect(screen.getByText('Tu cuenta ha sido activada! Ya puedes iniciar sesión.')).toBeTruthy();

    // The link is spent once, even under StrictMode's double effects.
    expect(api.callsTo('GET /api/auth/verifyEmail')).toHaveLength(1);
    expect(api.calls[0]!.url.searchParams.get('token')).toBe('tok-123');
  });

  it('carries the redirect of the mail link to the login page, which sends the learner there afterwards', async () => {
    stubApi({
      'GET /api/auth/verifyEmail': envelope(200, '¡Tu cuenta ha sido activada! Ya puedes iniciar sesión.'),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderRoute('/verify-email?token=tok-123&redirect=/cursos/manifiesta/12-areas-balance');

    const now = await screen.findByRole('link', { name: 'Iniciar sesión ahora' });
    expect(now.getAttribute('href')).toBe('/login?verified=true&redirect=/cursos/manifiesta/12-areas-balance');
    await advance(3000);
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/cursos/manifiesta/12-areas-balance');
    expect(screen.getByText('Tu cuenta ha sido activada! Ya puedes iniciar sesión.')).toBeTruthy();
  });

  it('drops a redirect to another site', async () => {
    stubApi({ 'GET /api/auth/verifyEmail': envelope(200, 'Activada.') });
    renderRoute(`/verify-email?token=tok-123&redirect=${encodeURIComponent('/%2F%2Fevil.com')}`);
    const now = await screen.findByRole('link', { name: 'Iniciar sesión ahora' });
    expect(now.getAttribute('href')).toBe('/login?verified=true');
  });

  it('keeps the redirect on the ways out of a failed verification', async () => {
    stubApi({ 'GET /api/auth/verifyEmail': envelope(400, 'El enlace de verificación venció.') });
    renderRoute('/verify-email?token=viejo&redirect=/cursos/manifiesta');
    await screen.findByRole('heading', { level: 2, name: 'Error de Verificación' });
    expect(screen.getByRole('link', { name: 'Volver a registrarme' }).getAttribute('href')).toBe('/signup?redirect=/cursos/manifiesta');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login?redirect=/cursos/manifiesta');
  });

  it("shows 'Error de Verificación' with the server's message and a link to /signup", async () => {
    stubApi({
      'GET /api/auth/verifyEmail': envelope(400, 'Este enlace ya fue usado. Si tu cuenta está activa, ya puedes iniciar sesión.'),
    });
    const { router } = renderRoute('/verify-email?token=usado');

    expect(await screen.findByRole('heading', { level: 2, name: 'Error de Verificación' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Este enlace ya fue usado. Si tu cuenta está activa, ya puedes iniciar sesión.');
    expect(screen.getByRole('link', { name: 'Volver a registrarme' }).getAttribute('href')).toBe('/signup');
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it("falls back to 'Ocurrió un error desconocido.' when the answer has no message", async () => {
    stubApi({ 'GET /api/auth/verifyEmail': () => new Response('Bad Gateway', { status: 502 }) });
    renderRoute('/verify-email?token=abc');

    await screen.findByRole('heading', { level: 2, name: 'Error de Verificación' });
    expect(screen.getByRole('alert').textContent).toBe('Ocurrió un error desconocido.');
  });

  it('says so when the URL has no token, without calling the server', async () => {
    const api = stubApi({});
    renderRoute('/verify-email');

    expect(await screen.findByRole('heading', { level: 2, name: 'Error de Verificación' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('No se encontró un token de verificación en la URL.');
    expect(screen.getByRole('link', { name: 'Volver a registrarme' }).getAttribute('href')).toBe('/signup');
    expect(api.calls).toHaveLength(0);
  });
});
