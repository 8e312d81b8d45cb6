import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SENT = 'Si esa dirección tiene una cuenta en Manifiesta, te enviamos un correo con un enlace para crear una nueva contraseña.';
const SAVED = 'Listo: guardamos tu nueva contraseña y cerramos todas las sesiones de tu cuenta. Ya puedes iniciar sesión con ella.';

async function askForLink(email: string) {
  fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
}

async function choosePassword(password: string, confirmPassword = password) {
  fireEvent.change(await screen.findByLabelText('Nueva contraseña'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirmar contraseña'), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Guardar mi nueva contraseña' }));
}

describe('/login', () => {
  it('offers «¿Olvidaste tu contraseña?», a link to /recuperar', async () => {
    renderRoute('/login');
    expect((await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' })).getAttribute('href')).toBe('/recuperar');
  });
});

describe('/recuperar without a link: asking for one', () => {
  it('sends the address and shows the same confirmation, whatever the address', async () => {
    const answer = deferred();
    const api = stubApi({ 'POST /api/auth/forgotPassword': () => answer.promise });
    renderRoute('/recuperar');

    await askForLink('  lucia@example.com ');
    expect(await screen.findByRole('button', { name: 'Enviando...' })).toHaveProperty('disabled', true);
    answer.resolve(envelope(200, SENT));

    const title = await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByText('lucia@example.com').tagName).toBe('STRONG');
    expect(screen.getByText(/vale por 1 hora/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST /api/auth/forgotPassword').map((c) => c.body)).toEqual([{ email: 'lucia@example.com' }]);

    // Asking again brings the form back.
    fireEvent.click(screen.getByRole('button', { name: 'Pedir otro enlace' }));
    expect(await screen.findByRole('button', { name: 'Enviarme el enlace' })).toBeTruthy();
  });

  it('an empty address is said at once, without a call; the server’s refusal is shown in its words', async () => {
    const api = stubApi({ 'POST /api/auth/forgotPassword': envelope(400, 'Ingresa un email válido.') });
    renderRoute('/recuperar');
    await askForLink('   ');
    expect((await screen.findByRole('alert')).textContent).toBe('Por favor, escribe tu correo electrónico.');
    expect(api.calls).toHaveLength(0);
    await askForLink('lucia@localhost');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ingresa un email válido.'));
  });
});

describe('/recuperar?token=…: the new password', () => {
  it('takes the token out of the address bar, sends it with the new password and shows the way to /login', async () => {
    const api = stubApi({ 'POST /api/auth/resetPassword': envelope(200, SAVED) });
    const { router } = renderRoute('/recuperar?token=tok-123', { session: makeUser() });

    await screen.findByRole('heading', { level: 1, name: 'Crea una nueva contraseña' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/recuperar');

    await choosePassword('respira-y-suelta');
    const title = await screen.findByRole('heading', { level: 1, name: '¡Contraseña actualizada!' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByText(SAVED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST /api/auth/resetPassword').map((c) => c.body)).toEqual([{ token: 'tok-123', password: 'respira-y-suelta' }]);
  });

  it.each([
    ['empty', '', '', 'Por favor, completa ambos campos.'],
    ['different', 'respira-y-suelta', 'respira-y-suelto', 'Las contraseñas no coinciden.'],
    ['7 characters', '1234567', '1234567', 'La contraseña debe tener al menos 8 caracteres.'],
  ])('the signup’s rules, before any call: %s', async (_, password, confirmPassword, message) => {
    const api = stubApi({ 'POST /api/auth/resetPassword': envelope(200, SAVED) });
    renderRoute('/recuperar?token=tok-123');
    await choosePassword(password, confirmPassword);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(api.calls).toHaveLength(0);
  });

  it('an expired or used link says so and offers a new one, which brings the request form', async () => {
    const expired = 'Este enlace venció: vale por 1 hora. Pide uno nuevo y úsalo apenas te llegue.';
    stubApi({ 'POST /api/auth/resetPassword': envelope(410, expired), 'POST /api/auth/forgotPassword': envelope(200, SENT) });
    renderRoute('/recuperar?token=viejo');

    await choosePassword('respira-y-suelta');
    await screen.findByRole('heading', { level: 1, name: 'Este enlace ya no sirve' });
    expect(screen.getByRole('alert').textContent).toBe(expired);
    fireEvent.click(screen.getByRole('button', { name: 'Pedir un enlace nuevo' }));
    await askForLink('lucia@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeTruthy();
  });

  it('a failure that is not about the link keeps the form, with the message', async () => {
    stubApi({ 'POST /api/auth/resetPassword': envelope(503, 'El servicio no está disponible en este momento.') });
    renderRoute('/recuperar?token=tok-123');
    await choosePassword('respira-y-suelta');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('El servicio no está disponible en este momento.'));
    expect(screen.getByLabelText('Nueva contraseña')).toBeTruthy();
  });
});
