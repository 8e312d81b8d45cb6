import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

const UNDONE = 'Listo: tu cuenta volvió a tu correo anterior y cerramos todas sus sesiones. Ahora crea una nueva contraseña, por si alguien más la conoce.';

describe('/cuenta/deshacer-correo', () => {
  it('gives the address back, ends this browser’s session and suggests a new password', async () => {
    const api = stubApi({ 'POST /api/auth/undoEmailChange': envelope(200, UNDONE) });
    const { router, session } = renderRoute('/cuenta/deshacer-correo?token=tok-9', { session: makeUser() });

    expect(await screen.findByRole('heading', { level: 2, name: 'Tu correo volvió a ser el de antes' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear una nueva contraseña' }).getAttribute('href')).toBe('/recuperar');
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('POST /api/auth/undoEmailChange').map((c) => c.body)).toEqual([{ token: 'tok-9' }]);
    await waitFor(() => expect(session()).toBeNull());
  });
});
