// The page of the lead mails' forget link: one click confirms; the answer says what happened.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

afterEach(() => vi.unstubAllGlobals());

describe('/olvidar', () => {
  it('forgets nothing until the click, then sends the token once and says it is done', async () => {
    const api = stubApi({
      'POST /api/leads/forget': envelope(200, 'Listo: olvidamos tu dirección y tu nombre, y no te escribiremos más.', { hasAccount: false }),
    });
    renderRoute('/olvidar?token=abc.def');
    const button = await screen.findByRole('button', { name: 'Sí, darme de baja y olvidarme' });
    expect(api.calls).toHaveLength(0);
    fireEvent.click(button);
    expect(await screen.findByText('Listo: olvidamos tu dirección y tu nombre, y no te escribiremos más.')).toBeTruthy();
    expect(api.callsTo('POST /api/leads/forget').map((c) => c.body)).toEqual([{ token: 'abc.def' }]);
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeTruthy();
  });

  it('an address with an account is sent to Mi cuenta', async () => {
    stubApi({ 'POST /api/leads/forget': envelope(200, 'Esta dirección tiene una cuenta en Manifiesta…', { hasAccount: true }) });
    renderRoute('/olvidar?token=abc.def');
    fireEvent.click(await screen.findByRole('button', { name: 'Sí, darme de baja y olvidarme' }));
    expect((await screen.findByRole('link', { name: 'Ir a Mi cuenta' })).getAttribute('href')).toBe('/mi-cuenta');
  });

  it("a link that is not ours shows the server's words; a link without a token says so", async () => {
    stubApi({ 'POST /api/leads/forget': envelope(400, 'Este enlace no es válido. Ábrelo tal como llegó en el correo.') });
    renderRoute('/olvidar?token=x');
    fireEvent.click(await screen.findByRole('button', { name: 'Sí, darme de baja y olvidarme' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Este enlace no es válido. Ábrelo tal como llegó en el correo.');
  });

  it('without a token there is nothing to confirm', async () => {
    stubApi({});
    renderRoute('/olvidar');
    expect((await screen.findByRole('alert')).textContent).toBe('Este enlace está incompleto. Ábrelo tal como llegó en el correo.');
    expect(screen.queryByRole('button', { name: 'Sí, darme de baja y olvidarme' })).toBeNull();
  });
});
