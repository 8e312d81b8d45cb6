import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ana = makeUser({ username: 'ana', email: 'ana@example.com' });

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

function loginAnswers(answer: Response | (() => Response | Promise<Response>)) {
  return stubApi({ 'POST /api/auth/login': answer });
}

describe('/login form', () => {
  it('labels its fields for the browser and assistive technology', async () => {
    renderRoute('/login');
    const email = await screen.findByLabelText('Correo electrónico');
    const password = screen.getByLabelText('Contraseña');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
  });

  it.each([
    ['both empty', '', ''],
    ['no password', 'ana@example.com', ''],
    ['no e-mail', '   ', 'secreta123'],
  ])('asks for both fields (%s) without calling the server', async (_, email, password) => {
    const api = loginAnswers(envelope(200, 'Sesión iniciada.', ana));
    renderRoute('/login');

    await fillAndSubmit(email, password);

    expect((await screen.findByRole('alert')).textContent).toBe('Por favor, completa ambos campos.');
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's message in an alert under the form and lets the user try again", async () => {
    const api = loginAnswers(envelope(401, 'Email o contraseña incorrectos.'));
    renderRoute('/login');

    await fillAndSubmit(' ana@example.com ', 'equivocada');

    expect((await screen.findByRole('alert')).textContent).toBe('Email o contraseña incorrectos.');
    const form = screen.getByRole('form', { name: 'Iniciar sesión' });
    expect(form.compareDocumentPosition(screen.getByRole('alert')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.callsTo('POST /api/auth/login')[0]!.body).toEqual({ email: 'ana@example.com', password: 'equivocada' });
    expect((screen.getByRole('button', { name: 'Iniciar sesión' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['an answer without a message', () => new Response('<html>502</html>', { status: 502 })],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("says 'Error al iniciar sesión.' for %s", async (_, answer) => {
    loginAnswers(answer);
    renderRoute('/login');

    await fillAndSubmit('ana@example.com', 'secreta123');

    expect((await screen.findByRole('alert')).textContent).toBe('Error al iniciar sesión.');
  });

  it('disables the button while signing in', async () => {
    const answer = deferred();
    loginAnswers(() => answer.promise);
    renderRoute('/login');

    await fillAndSubmit('ana@example.com', 'secreta123');

    const busy = await screen.findByRole('button', { name: 'Ingresando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(envelope(401, 'Email o contraseña incorrectos.'));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('offers a new verification e-mail to an account not yet verified (403)', async () => {
    const api = stubApi({
      'POST /api/auth/login': envelope(403, 'Todavía no activaste tu cuenta. Revisa tu correo o pide un nuevo enlace de verificación.'),
      'POST /api/auth/resendVerification': envelope(200, 'Te enviamos un nuevo enlace de verificación.'),
    });
    renderRoute('/login');

    await fillAndSubmit('ana@example.com', 'secreta123');
    expect((await screen.findByRole('alert')).textContent).toBe('Todavía no activaste tu cuenta. Revisa tu correo o pide un nuevo enlace de verificación.');
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar el correo de verificación' }));

    expect((await screen.findByText('Te enviamos un nuevo enlace de verificación.')).getAttribute('role')).toBe('status');
    expect(api.callsTo('POST /api/auth/resendVerification')[0]!.body).toEqual({ email: 'ana@example.com' });
  });

  it('a new verification e-mail asked for here keeps the redirect', async () => {
    const api = stubApi({
      'POST /api/auth/login': envelope(403, 'Todavía no activaste tu cuenta.'),
      'POST /api/auth/resendVerification': envelope(200, 'Te enviamos un nuevo enlace de verificación.'),
    });
    renderRoute('/login?redirect=/cursos/manifiesta/12-areas-balance');
    await fillAndSubmit('ana@example.com', 'secreta123');
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar el correo de verificación' }));
    await screen.findByText('Te enviamos un nuevo enlace de verificación.');
    expect(api.callsTo('POST /api/auth/resendVerification')[0]!.body).toEqual({
      email: 'ana@example.com',
      redirect: '/cursos/manifiesta/12-areas-balance',
    });
  });

  it('does not offer a new e-mail for other failures', async () => {
    loginAnswers(envelope(401, 'Email o contraseña incorrectos.'));
    renderRoute('/login');
    await fillAndSubmit('ana@example.com', 'secreta123');
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Reenviar el correo de verificación' })).toBeNull();
  });
});

describe('/login: where a successful login goes', () => {
  async function loginFrom(entry: Parameters<typeof renderRoute>[0]) {
    loginAnswers(envelope(200, 'Sesión iniciada.', ana));
    const { router } = renderRoute(entry);
    await fillAndSubmit('ana@example.com', 'secreta123');
    return router;
  }

  it('goes to the redirect query first, even when the guard remembered another page', async () => {
    const router = await loginFrom({
      pathname: '/login',
      search: '?redirect=/cursos/manifiesta',
      state: { from: '/newsletter' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cursos/manifiesta'));
  });

  it('goes there directly: the guest-only guard does not start a trip to /menu on the way', async () => {
    loginAnswers(envelope(200, 'Sesión iniciada.', ana));
    const { router } = renderRoute('/login?redirect=/about');
    const visited: string[] = [];
    router.subscribe((location) => {
      visited.push(location.pathname);
    });

    await fillAndSubmit('ana@example.com', 'secreta123');

    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(visited).not.toContain('/menu');
  });

  it('then to the page the user came from', async () => {
    const router = await loginFrom({ pathname: '/login', state: { from: '/newsletter' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/newsletter'));
  });

  it('then to /menu, where the drawer greets the user', async () => {
    const router = await loginFrom('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    // The signed-in menu has rendered (the drawer closes on navigation, so open it once the page settled).
    await screen.findByText('Continuar mi Curso');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir el menú de tu cuenta' }));
    expect(within(await screen.findByRole('dialog')).getByText('Hola, ana')).toBeTruthy();
  });

  it("ignores a redirect to another site ('//evil.com')", async () => {
    const router = await loginFrom('/login?redirect=//evil.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(router.state.location.search).toBe('');
  });

  it('keeps the query and hash of the redirect', async () => {
    const router = await loginFrom('/login?redirect=%2Fnewsletter%3Fcampana%3Ddean%23ultimo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/newsletter'));
    expect(router.state.location.search).toBe('?campana=dean');
    expect(router.state.location.hash).toBe('#ultimo');
  });
});

describe('/login?verified=true', () => {
  it('shows the activation banner and then clears the query, keeping the redirect', async () => {
    const { router } = renderRoute('/login?verified=true&redirect=/cursos/manifiesta');

    const banner = await screen.findByText('Tu cuenta ha sido activada! Ya puedes iniciar sesión.');
    expect(banner.getAttribute('role')).toBe('status');
    await waitFor(() => expect(router.state.location.search).toBe('?redirect=%2Fcursos%2Fmanifiesta'));
    expect(router.state.location.pathname).toBe('/login');
    // Still there after the query is gone.
    expect(screen.getByText('Tu cuenta ha sido activada! Ya puedes iniciar sesión.')).toBeTruthy();
  });

  it('shows no banner without the query', async () => {
    renderRoute('/login');
    await screen.findByLabelText('Correo electrónico');
    expect(screen.queryByText('Tu cuenta ha sido activada! Ya puedes iniciar sesión.')).toBeNull();
  });
});

describe('/login → /signup', () => {
  it('links to /signup, keeping the redirect', async () => {
    renderRoute('/login?redirect=/cursos/manifiesta');
    const link = await screen.findByRole('link', { name: 'Crea tu cuenta gratis' });
    expect(link.getAttribute('href')).toBe('/signup?redirect=/cursos/manifiesta');
  });

  it('links to plain /signup without one', async () => {
    renderRoute('/login');
    expect((await screen.findByRole('link', { name: 'Crea tu cuenta gratis' })).getAttribute('href')).toBe('/signup');
  });
});
