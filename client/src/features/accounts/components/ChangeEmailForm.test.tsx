import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { deferred, envelope, stubApi } from '../../../testing/fake-api';
import { ChangeEmailForm } from './ChangeEmailForm';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SENT = 'Te enviamos un enlace para confirmar tu nuevo correo.';

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ChangeEmailForm currentEmail="lucia@example.com" />
    </QueryClientProvider>,
  );
}

function fill(newEmail: string, password: string) {
  fireEvent.change(screen.getByLabelText('Nuevo correo electrónico'), { target: { value: newEmail } });
  fireEvent.change(screen.getByLabelText('Contraseña actual'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /Cambiar mi correo|Enviando/ }));
}

describe('ChangeEmailForm', () => {
  it('sends the new address and the password, then says where the link went and that nothing changed yet', async () => {
    const answer = deferred();
    const api = stubApi({ 'POST /api/me/email': () => answer.promise });
    renderForm();

    fill(' nueva@example.com ', 'mi-clave-actual');
    expect(await screen.findByRole('button', { name: 'Enviando...' })).toHaveProperty('disabled', true);
    answer.resolve(envelope(200, SENT));

    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('Te enviamos un enlace a nueva@example.com. Ábrelo en las próximas 24 horas para confirmar el cambio.');
    expect(screen.getByText(/Hasta que lo confirmes, tu cuenta sigue con/).textContent).toContain('lucia@example.com');
    expect(api.callsTo('POST /api/me/email').map((c) => c.body)).toEqual([{ newEmail: 'nueva@example.com', password: 'mi-clave-actual' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Usar otra dirección' }));
    expect(((await screen.findByLabelText('Nuevo correo electrónico')) as HTMLInputElement).value).toBe('');
  });

  it('a wrong password: the server’s words, and the form stays', async () => {
    stubApi({ 'POST /api/me/email': envelope(401, 'La contraseña no es correcta.') });
    renderForm();
    fill('nueva@example.com', 'no-es');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('La contraseña no es correcta.'));
    expect(screen.getByLabelText('Contraseña actual')).toBeTruthy();
  });

  it('an empty field or the address the account has: said at once, without a call', async () => {
    const api = stubApi({ 'POST /api/me/email': envelope(200, SENT) });
    renderForm();
    fill('nueva@example.com', '');
    expect((await screen.findByRole('alert')).textContent).toBe('Por favor, completa ambos campos.');
    fill('LUCIA@example.com', 'mi-clave-actual');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Esa ya es la dirección de correo de tu cuenta.'));
    expect(api.calls).toHaveLength(0);
  });
});
