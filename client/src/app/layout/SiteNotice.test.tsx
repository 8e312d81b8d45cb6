import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubApi, VIEW_ROUTE } from '../../testing/fake-api';
import { renderRoute } from '../../testing/render-route';
import { NOTICE_DISMISSED_KEY, type Notice } from './notice-source';

const retreat: Notice = { id: 'a1b2c3d4e5f6', text: 'Últimos cupos para el Retiro de Hielo de noviembre.', link: '/hielo' };
const live: Notice = { id: '0f9e8d7c6b5a', text: 'Este jueves hay masterclass en vivo.', link: 'https://www.youtube.com/@manifiesta/live' };

beforeEach(() => {
  window.localStorage.clear();
  // Public pages count the visit (POST /api/leads/view): answered here unless a test stubs the API itself,
  // so no request leaves the test and no failure is logged after the file has closed.
  stubApi(VIEW_ROUTE);
});
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the answer land and React show it. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

const banner = () => screen.queryByRole('complementary', { name: 'Aviso' });

/** Renders /about asking the server for the notice, and waits until its answer has been taken in. */
async function visitWithNotice(notice: Notice | null) {
  const api = stubApi({ 'GET /api/app/notification': () => envelope(200, notice ? 'Aviso del sitio.' : 'Sin avisos.', notice) });
  const view = renderRoute('/about', { notice: 'fetch' });
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(api.callsTo('GET /api/app/notification')).toHaveLength(1));
  await settle();
  return { ...view, api };
}

describe('site notice', () => {
  it('shows the notice from GET /api/app/notification above the page, an internal link staying in the app', async () => {
    const { api, router } = await visitWithNotice(retreat);

    const notice = await screen.findByRole('complementary', { name: 'Aviso' });
    const link = within(notice).getByRole('link', { name: retreat.text });
    expect(link.getAttribute('href')).toBe('/hielo');
    expect(link.getAttribute('target')).toBeNull();
    expect(api.callsTo('GET /api/app/notification')).toHaveLength(1);

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/hielo'));
  });

  it('opens an https link in a new tab, without handing over the opener', async () => {
    renderRoute('/about', { notice: live });
    const link = within(await screen.findByRole('complementary', { name: 'Aviso' })).getByRole('link');
    expect(link.getAttribute('href')).toBe(live.link);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows a notice without a link as plain text', async () => {
    renderRoute('/about', { notice: { ...retreat, link: null } });
    const notice = await screen.findByRole('complementary', { name: 'Aviso' });
    expect(within(notice).getByText(retreat.text)).toBeTruthy();
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('is closed with its button, stays closed for the same notice, and comes back for a new one', async () => {
    const first = await visitWithNotice(retreat);
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar aviso' }));
    expect(banner()).toBeNull();
    expect(window.localStorage.getItem(NOTICE_DISMISSED_KEY)).toBe(retreat.id);
    first.unmount();

    // Another visit, the same notice: the server is asked, the banner stays away.
    const second = await visitWithNotice(retreat);
    expect(second.api.callsTo('GET /api/app/notification')).toHaveLength(1);
    expect(banner()).toBeNull();
    second.unmount();

    // The coach publishes a new notice: a new id, shown again.
    await visitWithNotice(live);
    expect(within(await screen.findByRole('complementary', { name: 'Aviso' })).getByText(live.text)).toBeTruthy();
  });

  it('shows nothing when there is no notice', async () => {
    await visitWithNotice(null);
    expect(banner()).toBeNull();
  });

  it('stays silent when the notice cannot be loaded: nothing shown, the reason logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /api/app/notification': envelope(503, 'El servicio no está disponible. Inténtalo en unos minutos.') });
    renderRoute('/about', { notice: 'fetch' });

    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('No se pudo cargar el aviso del sitio.', expect.anything()));
    expect(banner()).toBeNull();
  });
});
