import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { NAME_MESSAGE } from '../../../../../course/contact';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Form = { username: string; email: string; password: string; confirmPassword: string };

const valid: Form = {
  username: 'Lucía Sol',
  email: 'lucia@example.com',
  password: 'respira-y-suelta',
  confirmPassword: 'respira-y-suelta',
};

async function submit(form: Form) {
  fireEvent.change(await screen.findByLabelText('Tu nombre'), { target: { value: form.username } });
  fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: form.email } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: form.password } });
  fireEvent.change(screen.getByLabelText('Confirmar contraseña'), { target: { value: form.confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
}

const registered = () => envelope(200, 'Registro exitoso. Te enviamos un correo para activar tu cuenta.');

describe('/signup validation, in the order of the spec', () => {
  it.each<[string, Partial<Form>, string]>([
    ['every field empty', { username: '', email: '', password: '', confirmPassword: '' }, 'Por favor, completa todos los campos.'],
    // An empty field is reported before the mismatch and the length it also causes.
    ['only the confirmation empty', { confirmPassword: '' }, 'Por favor, completa todos los campos.'],
    ['a blank name', { username: '   ' }, 'Por favor, completa todos los campos.'],
    // A name is a plain name: letters of any language, spaces, apostrophes and hyphens, 2 to 40 characters.
    ['a name of digits only', { username: '12345' }, NAME_MESSAGE],
    ['a one-letter name', { username: 'A' }, NAME_MESSAGE],
    ['a name of 41 letters', { username: 'a'.repeat(41) }, NAME_MESSAGE],
    ['a name with markup', { username: '<b>' }, NAME_MESSAGE],
    // The mismatch is reported before the short length.
    ['short and different', { password: 'corta', confirmPassword: 'otra' }, 'Las contraseñas no coinciden.'],
    ['different', { confirmPassword: 'respira-y-suelta!' }, 'Las contraseñas no coinciden.'],
    ['7 characters', { password: '1234567', confirmPassword: '1234567' }, 'La contraseña debe tener al menos 8 caracteres.'],
  ])('%s', async (_, change, message) => {
    const api = stubApi({ 'POST /api/auth/signup': registered() });
    renderRoute('/signup');

    await submit({ ...valid, ...change });

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(api.calls).toHaveLength(0);
  });

  it.each(['María José', "O'Brien", 'Ana-Lucía', 'Zoë'])('accepts the name %s', async (username) => {
    const api = stubApi({ 'POST /api/auth/signup': registered() });
    renderRoute('/signup');
    await submit({ ...valid, username });
    await screen.findByRole('heading', { level: 1, name: 'Registro Exitoso' });
    expect(api.callsTo('POST /api/auth/signup')[0]!.body).toMatchObject({ username });
  });

  it('accepts exactly 8 characters', async () => {
    const api = stubApi({ 'POST /api/auth/signup': registered() });
    renderRoute('/signup');
    await submit({ ...valid, password: '12345678', confirmPassword: '12345678' });
    await screen.findByRole('heading', { level: 1, name: 'Registro Exitoso' });
    expect(api.callsTo('POST /api/auth/signup')).toHaveLength(1);
  });
});

describe('/signup submission', () => {
  it("sends the account, shows 'Registrando...' and then the 'Registro Exitoso' panel with a link to /login", async () => {
    const answer = deferred();
    const api = stubApi({ 'POST /api/auth/signup': () => answer.promise });
    renderRoute('/signup');

    await submit({ ...valid, username: ' Lucía Sol ', email: ' lucia@example.com ' });

    const busy = await screen.findByRole('button', { name: 'Registrando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(registered());

    const title = await screen.findByRole('heading', { level: 1, name: 'Registro Exitoso' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByText(/Te enviamos un correo de confirmación a/).textContent).toContain('lucia@example.com');
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Contraseña')).toBeNull();
    expect(api.callsTo('POST /api/auth/signup')[0]!.body).toEqual({
      username: 'Lucía Sol',
      email: 'lucia@example.com',
      password: 'respira-y-suelta',
    });
  });

  it('keeps the redirect on the way to /login', async () => {
    stubApi({ 'POST /api/auth/signup': registered() });
    renderRoute('/signup?redirect=/cursos/manifiesta');
    await submit(valid);
    const link = await screen.findByRole('link', { name: 'Ir a iniciar sesión' });
    expect(link.getAttribute('href')).toBe('/login?redirect=/cursos/manifiesta');
  });

  it('sends the redirect with the account, so the verification mail brings the learner back there', async () => {
    const api = stubApi({ 'POST /api/auth/signup': registered(), 'POST /api/auth/resendVerification': envelope(200, 'Enviado.') });
    renderRoute('/signup?redirect=/cursos/manifiesta/12-areas-balance');
    await submit(valid);
    await screen.findByRole('heading', { level: 1, name: 'Registro Exitoso' });
    expect(api.callsTo('POST /api/auth/signup')[0]!.body).toEqual({
      username: 'Lucía Sol',
      email: 'lucia@example.com',
      password: 'respira-y-suelta',
      redirect: '/cursos/manifiesta/12-areas-balance',
    });
    // A new mail asked for from the panel carries it too.
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar el correo de verificación' }));
    await waitFor(() => expect(api.callsTo('POST /api/auth/resendVerification')).toHaveLength(1));
    expect(api.callsTo('POST /api/auth/resendVerification')[0]!.body).toEqual({
      email: 'lucia@example.com',
      redirect: '/cursos/manifiesta/12-areas-balance',
    });
  });

  it.each(['//evil.com', '/%2F%2Fevil.com', 'https://evil.com/'])('sends no redirect to another site (%s)', async (redirect) => {
    const api = stubApi({ 'POST /api/auth/signup': registered() });
    renderRoute(`/signup?redirect=${encodeURIComponent(redirect)}`);
    await submit(valid);
    await screen.findByRole('heading', { level: 1, name: 'Registro Exitoso' });
    expect(api.callsTo('POST /api/auth/signup')[0]!.body).not.toHaveProperty('redirect');
  });

  // An address with an account is answered as a new signup (only its owner hears of it); names are not unique.
  it("shows the server's message (e.g. 400, a name it refuses) and keeps the form", async () => {
    stubApi({ 'POST /api/auth/signup': envelope(400, NAME_MESSAGE) });
    renderRoute('/signup');

    await submit(valid);

    expect((await screen.findByRole('alert')).textContent).toBe(NAME_MESSAGE);
    expect((screen.getByLabelText('Tu nombre') as HTMLInputElement).value).toBe('Lucía Sol');
    expect((screen.getByRole('button', { name: 'Crear cuenta' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['an answer without a message', () => new Response('Bad Gateway', { status: 502 })],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("falls back to 'Ocurrió un error durante el registro.' for %s", async (_, answer) => {
    stubApi({ 'POST /api/auth/signup': answer });
    renderRoute('/signup');
    await submit(valid);
    expect((await screen.findByRole('alert')).textContent).toBe('Ocurrió un error durante el registro.');
  });

  it('links to /login for someone who already has an account, keeping the redirect', async () => {
    renderRoute('/signup?redirect=/cursos/manifiesta');
    const link = await screen.findByRole('link', { name: 'Inicia sesión' });
    expect(link.getAttribute('href')).toBe('/login?redirect=/cursos/manifiesta');
  });

  it('uses autocomplete hints a password manager understands', async () => {
    renderRoute('/signup');
    // The name is how we greet; the e-mail is what one signs in with.
    expect((await screen.findByLabelText('Tu nombre')).getAttribute('autocomplete')).toBe('nickname');
    expect(screen.getByLabelText('Correo electrónico').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Contraseña').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Confirmar contraseña').getAttribute('autocomplete')).toBe('new-password');
  });
});
