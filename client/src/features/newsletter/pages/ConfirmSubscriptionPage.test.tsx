// The page of the newsletter's confirmation link: it spends the token once as it opens and says what happened.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

afterEach(() => vi.unstubAllGlobals());

const CONFIRMED = '¡Listo! Tu suscripción está confirmada. Muy pronto recibirás la próxima carta en tu correo.';

describe('/newsletter/confirmar', () => {
  it('sends the token once as it opens, says so warmly and leads to the letters', async () => {
    const api = stubApi({ 'POST /api/newsletter/confirm': envelope(200, CONFIRMED, { confirmed: true }) });
    renderRoute('/newsletter/confirmar?token=abc_DEF-123');
    expect((await screen.findByText(CONFIRMED)).getAttribute('role')).toBe('status');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('¡Tu suscripción está confirmada!');
    expect(api.callsTo('POST /api/newsletter/confirm').map((c) => c.body)).toEqual([{ token: 'abc_DEF-123' }]);
    expect(screen.getByRole('link', { name: 'Leer las cartas anteriores' }).getAttribute('href')).toBe('/newsletter');
  });

  it("a used or expired link shows the server's Spanish words", async () => {
    const used = 'Este enlace de confirmación ya se usó. Si confirmaste tu suscripción, ya estás dentro.';
    stubApi({ 'POST /api/newsletter/confirm': envelope(410, used) });
    renderRoute('/newsletter/confirmar?token=usado');
    expect((await screen.findByRole('alert')).textContent).toBe(used);
    expect(screen.getByRole('link', { name: 'Ir al newsletter' })).toBeTruthy();
  });

  it('a network failure gets our words, never the browser’s', async () => {
    stubApi({ 'POST /api/newsletter/confirm': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute('/newsletter/confirmar?token=abc');
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos confirmar tu suscripción. Revisa tu conexión e inténtalo de nuevo.');
  });

  it('without a token there is nothing to confirm and nothing is sent', async () => {
    const api = stubApi({});
    renderRoute('/newsletter/confirmar');
    expect((await screen.findByRole('alert')).textContent).toBe('Este enlace está incompleto. Ábrelo tal como llegó en el correo.');
    expect(api.callsTo('POST /api/newsletter/confirm')).toHaveLength(0);
  });
});
