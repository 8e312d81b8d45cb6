import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CONFIRMED = 'Listo: tu cuenta ya usa tu nuevo correo. A partir de ahora, inicia sesión con él.';

describe('/cuenta/confirmar-correo', () => {
  it('spends the link once, takes it out of the address bar and says the account uses the new address', async () => {
    const user = makeUser({ email: 'nueva@example.com' });
    const api = stubApi({
      'POST /api/auth/confirmEmailChange': envelope(200, CONFIRMED),
      'GET /api/auth/verifyToken': envelope(200, 'Sesión activa.', user),
    });
    const { router } = renderRoute('/cuenta/confirmar-correo?token=tok-123', { session: makeUser() });

    expect(await screen.findByRole('heading', { level: 2, name: '¡Correo confirmado!' })).toBeTruthy();
    expect(screen.getByText(CONFIRMED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/menu');
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('POST /api/auth/confirmEmailChange').map((c) => c.body)).toEqual([{ token: 'tok-123' }]);
    // The session asks who it is again: the address changed.
    await waitFor(() => expect(api.callsTo('GET /api/auth/verifyToken')).toHaveLength(1));
  });

  it('a used or expired link: the server’s words', async () => {
    const used = 'Este enlace ya se usó, o quedó sin efecto porque tu cuenta cambió después.';
    stubApi({ 'POST /api/auth/confirmEmailChange': envelope(410, used) });
    renderRoute('/cuenta/confirmar-correo?token=viejo');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(used));
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
  });

  it('no token: says what is missing, without a call', async () => {
    const api = stubApi({});
    renderRoute('/cuenta/confirmar-correo');
    expect((await screen.findByRole('alert')).textContent).toContain('Falta el enlace');
    expect(api.calls).toHaveLength(0);
  });
});
