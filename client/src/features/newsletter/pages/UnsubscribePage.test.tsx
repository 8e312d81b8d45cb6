// The page of the unsubscribe link: opening it changes nothing; a button leaves, another comes back.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

afterEach(() => vi.unstubAllGlobals());

const LEFT = 'Listo, ya no recibirás más cartas ni correos de novedades de Manifiesta. Si cambias de opinión, puedes volver cuando quieras.';
const BACK = '¡Qué alegría tenerte de vuelta! Vuelves a recibir las cartas de Manifiesta.';
const LETTER = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('/newsletter/baja', () => {
  it('sends nothing as it opens; «Darme de baja» leaves, naming the letter; «Volver a suscribirme» comes back', async () => {
    const api = stubApi({
      'POST /api/newsletter/unsubscribe': envelope(200, LEFT, { unsubscribed: true }),
      'POST /api/newsletter/resubscribe': envelope(200, BACK, { subscribed: true }),
    });
    renderRoute(`/newsletter/baja?token=abc.DEF-123&letter=${LETTER}`);
    const leave = await screen.findByRole('button', { name: 'Darme de baja' });
    expect(api.callsTo('POST /api/newsletter/unsubscribe')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Mejor no, seguir recibiéndolas' }).getAttribute('href')).toBe('/newsletter');

    fireEvent.click(leave);
    expect((await screen.findByText(LEFT)).getAttribute('role')).toBe('status');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Listo, te diste de baja');
    expect(api.callsTo('POST /api/newsletter/unsubscribe').map((c) => c.body)).toEqual([{ token: 'abc.DEF-123', letterId: LETTER }]);

    fireEvent.click(screen.getByRole('button', { name: 'Volver a suscribirme' }));
    expect((await screen.findByText(BACK)).getAttribute('role')).toBe('status');
    expect(api.callsTo('POST /api/newsletter/resubscribe').map((c) => c.body)).toEqual([{ token: 'abc.DEF-123' }]);
    expect(screen.getByRole('link', { name: 'Leer las cartas anteriores' })).toBeTruthy();
  });

  it("a link that is not ours shows the server's Spanish words, and nothing else is offered", async () => {
    const invalid = 'El enlace para darte de baja no es válido. Revisa que esté completo, tal como llegó a tu correo.';
    stubApi({ 'POST /api/newsletter/unsubscribe': envelope(400, invalid) });
    renderRoute('/newsletter/baja?token=roto');
    fireEvent.click(await screen.findByRole('button', { name: 'Darme de baja' }));
    expect((await screen.findByRole('alert')).textContent).toBe(invalid);
    expect(screen.queryByRole('button', { name: 'Volver a suscribirme' })).toBeNull();
  });

  it('a network failure gets our words, never the browser’s', async () => {
    stubApi({ 'POST /api/newsletter/unsubscribe': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute('/newsletter/baja?token=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Darme de baja' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos darte de baja. Revisa tu conexión e inténtalo de nuevo.');
  });

  it('without a token there is nothing to do', async () => {
    stubApi({});
    renderRoute('/newsletter/baja');
    expect((await screen.findByRole('alert')).textContent).toBe('Este enlace está incompleto. Ábrelo tal como llegó en el correo.');
    expect(screen.queryByRole('button', { name: 'Darme de baja' })).toBeNull();
  });
});
