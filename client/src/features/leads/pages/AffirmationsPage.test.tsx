import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentPage } from '../../../lib/checkout';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import {
  captureDownloads,
  fieldError,
  fieldIn,
  fillLead,
  findForm,
  leadAccepted,
  resetAroundEachTest,
  storedRecord,
  storeRecord,
  submitButton,
  VIEW_ROUTE,
} from './lead-test-utils';

const FRAGMENT_FORM = 'Descargar el fragmento gratuito';
const EBOOK_FORM = 'Descargar el ebook completo';
const FRAGMENT = { href: '/downloads/afirmaciones-fragmento.pdf', filename: 'afirmaciones-fragmento.pdf' };
const EBOOK = { href: '/api/downloads/afirmaciones-ebook', filename: 'afirmaciones-ebook-completo.pdf' };
const DOWNLOADED = (section: string) => ({ page: 'afirmaciones', section, status: 'downloaded' });

const entitlements = (...productIds: string[]) => ({
  'GET /api/me/entitlements': envelope(
    200,
    'Tus compras.',
    productIds.map((productId) => ({ productId, grantedAt: '2026-11-22T13:00:05.000Z' })),
  ),
});

resetAroundEachTest();
beforeAll(() => import('./AffirmationsPage'));

const promo = () => screen.getByRole('button', { name: 'Pago Promo' });
/** Neither the promo button nor a link of that name. */
const noPromo = () => screen.queryByText('Pago Promo') === null;
const INIT_POINT = 'https://mp.example/checkout/v1/redirect?pref_id=123456789-abc';
const checkoutStarted = () =>
  envelope(200, 'Te llevamos a Mercado Pago para pagar.', { initPoint: INIT_POINT, purchaseId: '0b7f9c2e-3d41-4a6b-9c8d-2e1f0a3b4c5d' });

describe('/afirmaciones for a visitor who has not paid', () => {
  it('sells the ebook: the free fragment form and the promo price with its buy button', async () => {
    const api = stubApi(VIEW_ROUTE);
    renderRoute('/afirmaciones');

    expect(await screen.findByRole('heading', { level: 1, name: 'Afirmaciones que Transforman' })).toBeTruthy();
    expect(await findForm(FRAGMENT_FORM)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Cómo funcionan las afirmaciones' })).toBeTruthy();
    expect(screen.getByText('$3 USD')).toBeTruthy();
    // The checkout is made by the server when the visitor buys: no payment address is on the page.
    expect(promo().tagName).toBe('BUTTON');
    expect(document.querySelector('a[href*="mercadopago"], a[href*="pref_id"]')).toBeNull();
    expect(screen.queryByRole('form', { name: EBOOK_FORM })).toBeNull();
    // A guest has no purchases to ask for.
    await waitFor(() => expect(api.callsTo('POST /api/leads/view')[0]?.body).toEqual({ page: 'afirmaciones' }));
    expect(api.callsTo('GET /api/me/entitlements')).toHaveLength(0);
  });

  it("checks the fragment form with this page's messages and sends nothing while it is wrong", async () => {
    const api = stubApi(VIEW_ROUTE);
    renderRoute('/afirmaciones');
    const form = await findForm(FRAGMENT_FORM);

    fireEvent.click(submitButton(form));
    expect(fieldError(fieldIn(form, 'Tu nombre'))).toBe('El nombre es obligatorio');
    expect(fieldError(fieldIn(form, 'Tu email'))).toBe('Ingresá un email válido');

    fillLead(form, { nick: 'Ana', email: 'ana@@example.com' });
    fireEvent.click(submitButton(form));
    expect(fieldError(fieldIn(form, 'Tu nombre'))).toBeNull();
    expect(fieldError(fieldIn(form, 'Tu email'))).toBe('Ingresá un email válido');
    expect(api.callsTo('POST /api/leads/add')).toHaveLength(0);
  });

  it('downloads the fragment, then hides its form for good', async () => {
    const api = stubApi({ ...VIEW_ROUTE, 'POST /api/leads/add': leadAccepted() });
    const downloads = captureDownloads();
    const { unmount } = renderRoute('/afirmaciones');
    const form = await findForm(FRAGMENT_FORM);

    fillLead(form, { nick: 'Ana', email: 'ana@example.com' });
    fireEvent.click(submitButton(form));

    expect(await screen.findByRole('heading', { level: 2, name: '¡Listo, Ana! Tu fragmento ya es tuyo' })).toBeTruthy();
    expect(api.callsTo('POST /api/leads/add')[0]!.body).toEqual({ email: 'ana@example.com', nick: 'Ana', ...DOWNLOADED('fragmento'), newsletter: false });
    expect(downloads).toEqual([FRAGMENT]);
    expect(storedRecord()).toMatchObject({ fragmentoDownloaded: true, statuses: [DOWNLOADED('fragmento')] });
    expect(screen.queryByRole('form', { name: FRAGMENT_FORM })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Descargar de Nuevo' }));
    expect(downloads).toEqual([FRAGMENT, FRAGMENT]);

    // Back later: still no form, the promo still there.
    unmount();
    renderRoute('/afirmaciones');
    expect(await screen.findByRole('heading', { level: 2, name: '¡Listo, Ana! Tu fragmento ya es tuyo' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: FRAGMENT_FORM })).toBeNull();
    expect(promo()).toBeTruthy();
  });

  it('only logs a failed fragment download: nothing visible', async () => {
    stubApi({ ...VIEW_ROUTE, 'POST /api/leads/add': envelope(500, 'Error del servidor.') });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const downloads = captureDownloads();
    renderRoute('/afirmaciones');
    const form = await findForm(FRAGMENT_FORM);

    fillLead(form, { nick: 'Ana', email: 'ana@example.com' });
    fireEvent.click(submitButton(form));

    await waitFor(() => expect(logged).toHaveBeenCalledWith('No se pudo registrar la descarga del fragmento.', expect.anything()));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(downloads).toHaveLength(0);
    expect(storedRecord()).toBeNull();
    expect(submitButton(form).disabled).toBe(false);
  });

  it("'Pago Promo' lets a guest buy with the address they gave, and sets pagoAfirmaciones to 'doing' on the way to the checkout", async () => {
    const api = stubApi({ ...VIEW_ROUTE, 'POST /api/checkout': checkoutStarted() });
    const assign = vi.spyOn(paymentPage, 'open').mockImplementation(() => {});
    storeRecord({ email: 'ana@example.com', nick: 'Ana' });
    renderRoute('/afirmaciones');
    await findForm(FRAGMENT_FORM);

    fireEvent.click(promo());
    const form = await findForm('Comprar sin cuenta');
    expect(fieldIn(form, 'Tu email').value).toBe('ana@example.com');
    // Nothing is recorded before the checkout exists.
    expect(storedRecord()).not.toHaveProperty('pagoAfirmaciones');
    fireEvent.click(submitButton(form));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(INIT_POINT));
    expect(api.callsTo('POST /api/checkout')[0]!.body).toEqual({ productId: 'afirmaciones-ebook', email: 'ana@example.com' });
    expect(storedRecord()).toMatchObject({ pagoAfirmaciones: 'doing', nick: 'Ana' });
    // Back from the checkout without a confirmation: still on offer, with a word on what to do.
    expect(await screen.findByText(/¿Ya pagaste\?/)).toBeTruthy();
    expect(promo()).toBeTruthy();
  });

  it("'Pago Promo' takes a signed-in visitor straight to the checkout, bought with the account", async () => {
    const api = stubApi({ ...VIEW_ROUTE, ...entitlements(), 'POST /api/checkout': checkoutStarted() });
    const assign = vi.spyOn(paymentPage, 'open').mockImplementation(() => {});
    renderRoute('/afirmaciones', { session: makeUser() });
    await findForm(FRAGMENT_FORM);

    fireEvent.click(promo());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(INIT_POINT));
    expect(screen.queryByRole('form', { name: 'Comprar sin cuenta' })).toBeNull();
    expect(api.callsTo('POST /api/checkout')[0]!.body).toEqual({ productId: 'afirmaciones-ebook' });
    expect(storedRecord()).toMatchObject({ pagoAfirmaciones: 'doing' });
  });
});

describe("/afirmaciones once the payment is 'done'", () => {
  it('hides the fragment form and the offer; a guest is asked to sign in to get the ebook', async () => {
    stubApi(VIEW_ROUTE);
    storeRecord({ email: 'ana@example.com', nick: 'Ana', pagoAfirmaciones: 'done' });
    renderRoute('/afirmaciones');

    expect(await screen.findByRole('heading', { level: 2, name: 'Tu ebook te espera' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login?redirect=/afirmaciones');
    expect(screen.queryByRole('form', { name: FRAGMENT_FORM })).toBeNull();
    expect(noPromo()).toBe(true);
    // A guest who bought with an address has the link in the mail.
    expect(screen.getByText(/el enlace para descargarlo está en el correo que te enviamos/)).toBeTruthy();
  });

  it("a signed-in buyer gets 'done' from the server: the ebook form, with no validation, then the download and a confirmation", async () => {
    const api = stubApi({ ...VIEW_ROUTE, ...entitlements('afirmaciones-ebook'), 'POST /api/leads/add': leadAccepted() });
    const downloads = captureDownloads();
    renderRoute('/afirmaciones', { session: makeUser() });

    const form = await findForm(EBOOK_FORM);
    expect(screen.queryByRole('form', { name: FRAGMENT_FORM })).toBeNull();
    expect(noPromo()).toBe(true);
    expect(api.callsTo('GET /api/me/entitlements')).toHaveLength(1);

    // No validation: what is typed is sent as it is.
    fillLead(form, { nick: 'Ana', email: 'ana-sin-arroba' });
    fireEvent.click(submitButton(form));

    expect(await screen.findByRole('heading', { level: 2, name: '¡Gracias, Ana! Tu ebook está en camino' })).toBeTruthy();
    expect(downloads).toEqual([EBOOK]);
    await waitFor(() => expect(storedRecord()).toMatchObject({ ebookDownloaded: true, statuses: [DOWNLOADED('ebook')] }));
    expect(api.callsTo('POST /api/leads/add')[0]!.body).toEqual({ email: 'ana-sin-arroba', nick: 'Ana', ...DOWNLOADED('ebook') });
    fireEvent.click(screen.getByRole('button', { name: 'Descargar de Nuevo' }));
    expect(downloads).toEqual([EBOOK, EBOOK]);
  });

  it('a buyer still gets the ebook when recording the lead fails; the failure is only logged', async () => {
    stubApi({ ...VIEW_ROUTE, ...entitlements('afirmaciones-ebook'), 'POST /api/leads/add': envelope(429, 'Demasiadas solicitudes.') });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const downloads = captureDownloads();
    storeRecord({ email: 'ana@example.com', nick: 'Ana', pagoAfirmaciones: 'done' });
    renderRoute('/afirmaciones', { session: makeUser() });

    fireEvent.click(submitButton(await findForm(EBOOK_FORM)));

    expect(await screen.findByRole('heading', { level: 2, name: '¡Gracias, Ana! Tu ebook está en camino' })).toBeTruthy();
    expect(downloads).toEqual([EBOOK]);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('No se pudo registrar la descarga del ebook.', expect.anything()));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(storedRecord()?.statuses).toEqual([]);
  });

  it('a signed-in visitor who has not bought it sees the offer', async () => {
    stubApi({ ...VIEW_ROUTE, ...entitlements() });
    renderRoute('/afirmaciones', { session: makeUser() });

    expect(await findForm(FRAGMENT_FORM)).toBeTruthy();
    expect(promo()).toBeTruthy();
    expect(screen.queryByRole('form', { name: EBOOK_FORM })).toBeNull();
  });

  it("a signed-in visitor whose local 'done' is not in this account is told so", async () => {
    stubApi({ ...VIEW_ROUTE, ...entitlements() });
    storeRecord({ email: 'ana@example.com', nick: 'Ana', pagoAfirmaciones: 'done' });
    renderRoute('/afirmaciones', { session: makeUser() });

    expect(await screen.findByRole('heading', { level: 2, name: 'No encontramos tu compra en esta cuenta' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: EBOOK_FORM })).toBeNull();
  });
});
