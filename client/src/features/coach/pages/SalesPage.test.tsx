import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import type { Sale, SalesPage } from '../api/coach-queries';
import { AROUND, coach } from '../coach-test-utils';
import { COACH_ONLY } from '../components/Forbidden';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = 'GET /api/coach/sales';
const ASSIGN = 'POST /api/coach/sales/8000000001/assign';
const COURSE = 'manifiesta-curso-completo';
const EBOOK = 'afirmaciones-ebook';

const sale = (overrides: Partial<Sale>): Sale => ({
  id: '1',
  paymentId: null,
  purchaseId: null,
  state: 'approved',
  productId: COURSE,
  amount: 270,
  currency: 'USD',
  buyer: null,
  startedAt: null,
  paidAt: null,
  reversedAt: null,
  source: null,
  funnel: null,
  ...overrides,
});

const PAID = sale({
  id: '7000000002',
  paymentId: '7000000002',
  purchaseId: 'b3c1e0d2-0000-4000-8000-000000000002',
  buyer: { kind: 'account', userId: 'u-1', name: 'ana.luz', email: 'ana@example.com' },
  startedAt: '2025-03-03T12:00:00.000Z',
  paidAt: '2025-03-03T12:04:00.000Z',
  source: 'confirm',
  funnel: { page: 'nostalgia', section: '' },
});
const GUEST_REFUNDED = sale({
  id: '7000000003',
  paymentId: '7000000003',
  purchaseId: 'b3c1e0d2-0000-4000-8000-000000000003',
  state: 'refunded',
  productId: EBOOK,
  amount: 3,
  buyer: { kind: 'guest', email: 'lectora@example.com' },
  startedAt: '2025-03-02T12:00:00.000Z',
  paidAt: '2025-03-02T12:03:00.000Z',
  reversedAt: '2025-03-04T09:00:00.000Z',
  source: 'webhook',
  funnel: { page: 'niveles', section: 'pdf' },
});
const HELD = sale({ id: '8000000001', paymentId: '8000000001', state: 'held', productId: '', amount: 3, paidAt: '2025-03-05T10:00:00.000Z', source: 'held' });
const STARTED = sale({
  id: 'b3c1e0d2-0000-4000-8000-000000000009',
  purchaseId: 'b3c1e0d2-0000-4000-8000-000000000009',
  state: 'started',
  buyer: { kind: 'account', userId: 'u-2', name: null, email: null },
  startedAt: '2025-03-01T08:00:00.000Z',
});

const DATA: SalesPage = {
  sales: [HELD, PAID, GUEST_REFUNDED, STARTED],
  total: 4,
  counts: { started: 1, approved: 1, refunded: 1, charged_back: 0, cancelled: 0, held: 1 },
  revenue: [
    { month: '2025-03', productId: '', currency: 'USD', approved: 3, reversed: 0, net: 3 },
    { month: '2025-03', productId: COURSE, currency: 'USD', approved: 270, reversed: 0, net: 270 },
    { month: '2025-03', productId: EBOOK, currency: 'USD', approved: 3, reversed: 3, net: 0 },
  ],
};

const listRoute =
  (data: SalesPage = DATA) =>
  () =>
    envelope(200, 'Ventas.', data);
const table = () => screen.findByRole('table', { name: /^Ventas, de la más reciente/ }, { timeout: 10_000 });
const text = (el: Element) => el.textContent!.replace(/\s/g, ' ');
const rowOf = async (name: RegExp) => within(await table()).getByRole('row', { name });

describe('/coach/ventas', { timeout: 20_000 }, () => {
  it('lists each sale with its state in Spanish, buyer, product, amount, dates, funnel page and payment', async () => {
    const api = stubApi({ ...AROUND, [LIST]: listRoute() });
    renderRoute('/coach/ventas', { session: coach });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ventas' }, { timeout: 10_000 })).toBeTruthy();

    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => text(within(r).getAllByRole('cell')[0]!))).toEqual(['Sin asignar', 'Pagada', 'Reembolsada', 'Iniciada']);
    expect(text(within(rows[1]!).getByRole('rowheader'))).toBe('ana.luzana@example.com');
    expect(within(rows[1]!).getAllByRole('cell').map(text).slice(1)).toEqual([
      'Manifiesta: el curso completo',
      '270,00 US$',
      'Iniciada 3 mar 2025Pagada 3 mar 2025',
      '/nostalgia',
      '7000000002',
    ]);
    const refunded = within(rows[2]!).getAllByRole('cell').map(text);
    expect(text(within(rows[2]!).getByRole('rowheader'))).toBe('Sin cuentalectora@example.com');
    expect(refunded[1]).toBe('Afirmaciones: el ebook completo');
    expect(refunded[3]).toMatch(/^Iniciada 2 mar 2025Pagada 2 mar 2025Reembolsada 4 mar 2025$/);
    expect(refunded[4]).toBe('/niveles · pdf');
    expect(text(within(rows[0]!).getByRole('rowheader'))).toBe('Nadie todavía');
    expect(within(rows[0]!).getAllByRole('cell').map(text)[1]).toBe('Sin producto');
    expect(text(within(rows[3]!).getByRole('rowheader'))).toBe('Persona eliminada');
    expect(within(rows[3]!).getAllByRole('cell').map(text)[5]).toBe('Sin pago');
    // Only the held payment can be assigned.
    expect(screen.getAllByRole('button', { name: /^Asignar el pago/ })).toHaveLength(1);

    const counts = screen.getByRole('list', { name: 'Ventas por estado' });
    expect(within(counts).getAllByRole('button').map(text)).toEqual([
      'Todas 4',
      'Iniciada 1',
      'Pagada 1',
      'Reembolsada 1',
      'Contracargo 0',
      'Cancelada 0',
      'Sin asignar 1',
    ]);
    const { _: _bust, ...asked } = Object.fromEntries(api.callsTo(LIST)[0]!.url.searchParams);
    expect(asked).toEqual({ limit: '50', offset: '0' });
    expect(screen.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href')).toBe('/api/coach/sales.csv');
  });

  it('filters by state, product, dates and search, keeps them in the address, and the CSV link follows them', async () => {
    const api = stubApi({ ...AROUND, [LIST]: listRoute() });
    renderRoute(`/coach/ventas?state=held&product=${EBOOK}&from=2025-03-01&to=2025-03-31`, { session: coach });
    await table();
    // (The client adds a cache-busting `_`.)
    const { _: _bust, ...asked } = Object.fromEntries(api.callsTo(LIST)[0]!.url.searchParams);
    expect(asked).toEqual({
      state: 'held',
      productId: EBOOK,
      from: '2025-03-01',
      to: '2025-03-31',
      limit: '50',
      offset: '0',
    });
    expect(screen.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href')).toBe(
      `/api/coach/sales.csv?state=held&productId=${EBOOK}&from=2025-03-01&to=2025-03-31`,
    );
    expect((screen.getByRole('combobox', { name: 'Estado' }) as HTMLSelectElement).value).toBe('held');

    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'refunded' } });
    await waitFor(() => expect(api.callsTo(LIST).at(-1)!.url.searchParams.get('state')).toBe('refunded'));
    fireEvent.click(screen.getByRole('button', { name: /^Todas/ }));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)!.url.searchParams.has('state')).toBe(false));
    fireEvent.change(screen.getByRole('combobox', { name: 'Producto' }), { target: { value: '' } });
    await waitFor(() => expect(api.callsTo(LIST).at(-1)!.url.searchParams.has('productId')).toBe(false));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar por nombre, correo o id de pago' }), { target: { value: ' lectora ' } });
    await waitFor(() => expect(api.callsTo(LIST).at(-1)!.url.searchParams.get('search')).toBe('lectora'));
    expect(screen.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href')).toBe('/api/coach/sales.csv?from=2025-03-01&to=2025-03-31&search=lectora');

    const calls = api.callsTo(LIST).length;
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2025-04-15' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Elige una fecha de inicio anterior o igual a la de fin.');
    expect(api.callsTo(LIST)).toHaveLength(calls);
  });

  it('assigns a held payment to an account after a confirmation, says so, and asks for the list again', async () => {
    const api = stubApi({
      ...AROUND,
      [LIST]: listRoute(),
      [ASSIGN]: () => envelope(200, 'Listo: el pago quedó asignado a bruno y ya tiene su acceso. Le avisamos por correo.', { ...HELD, state: 'approved' }),
    });
    renderRoute('/coach/ventas', { session: coach });
    const row = await rowOf(/Nadie todavía/);
    fireEvent.click(within(row).getByRole('button', { name: 'Asignar el pago 8000000001' }));

    const form = screen.getByRole('form', { name: 'Asignar el pago 8000000001' });
    fireEvent.click(within(form).getByRole('button', { name: 'Continuar' }));
    expect(within(form).getByRole('alert').textContent).toBe('Escribe el correo de la cuenta a la que quieres asignar el pago.');
    fireEvent.change(within(form).getByLabelText('Correo de la cuenta'), { target: { value: 'bruno@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continuar' }));
    // The payment names no product: the coach says which.
    expect(within(form).getByRole('alert').textContent).toBe('Elige el producto que pagó.');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Producto' }), { target: { value: EBOOK } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continuar' }));
    expect(api.callsTo(ASSIGN)).toHaveLength(0);

    const confirm = screen.getByRole('group', { name: 'Confirmar la asignación del pago 8000000001' });
    expect(text(confirm)).toContain('¿Asignar el pago de 3,00 US$ (Afirmaciones: el ebook completo) a la cuenta bruno@example.com?');
    const before = api.callsTo(LIST).length;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sí, asignar' }));

    expect((await screen.findByText('Listo: el pago quedó asignado a bruno y ya tiene su acceso. Le avisamos por correo.')).getAttribute('role')).toBe(
      'status',
    );
    expect(api.callsTo(ASSIGN)[0]!.body).toEqual({ email: 'bruno@example.com', productId: EBOOK });
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(before));
  });

  it("shows the server's refusal (no account with that address) in the form and lets the coach try again", async () => {
    const message = 'No hay ninguna cuenta con ese correo. Revisa que esté bien escrito o pídele a la persona que se registre.';
    stubApi({ ...AROUND, [LIST]: listRoute({ ...DATA, sales: [{ ...HELD, productId: COURSE, amount: 270 }] }), [ASSIGN]: () => envelope(404, message) });
    renderRoute('/coach/ventas', { session: coach });
    fireEvent.click(within(await rowOf(/Nadie todavía/)).getByRole('button', { name: 'Asignar el pago 8000000001' }));
    const form = screen.getByRole('form', { name: 'Asignar el pago 8000000001' });
    // The payment names its product: nothing to choose.
    expect(within(form).queryByRole('combobox')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Correo de la cuenta'), { target: { value: 'nadie@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continuar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, asignar' }));
    const again = await screen.findByRole('form', { name: 'Asignar el pago 8000000001' });
    expect(within(again).getByRole('alert').textContent).toBe(message);
    expect((within(again).getByLabelText('Correo de la cuenta') as HTMLInputElement).value).toBe('nadie@example.com');
  });

  it('draws the net revenue per product and month, with a summary that says the figures', async () => {
    stubApi({ ...AROUND, [LIST]: listRoute() });
    renderRoute('/coach/ventas', { session: coach });
    const chart = await screen.findByRole('img', { name: /^Ingresos netos/ }, { timeout: 10_000 });
    expect(chart.getAttribute('aria-label')!.replace(/\s/g, ' ')).toBe(
      'Ingresos netos (pagado menos reembolsado) por mes y producto. marzo de 2025: Sin producto 3,00 US$, Manifiesta: el curso completo 270,00 US$, Afirmaciones: el ebook completo 0,00 US$.',
    );
    expect([...chart.querySelectorAll('rect[data-product]')].map((r) => `${r.getAttribute('data-product')}=${r.getAttribute('data-value')}`)).toEqual([
      '=3',
      `${COURSE}=270`,
      `${EBOOK}=0`,
    ]);

    // The figures, newest month first, for a bar too short to read.
    fireEvent.click(screen.getByText('Ver las cifras'));
    const figures = within(screen.getByText('Ver las cifras').closest('details')!).getByRole('table');
    expect(
      within(figures)
        .getAllByRole('row')
        .slice(1)
        .map((r) => text(r)),
    ).toEqual([
      'marzo de 2025Afirmaciones: el ebook completo3,00 US$3,00 US$0,00 US$',
      'marzo de 2025Manifiesta: el curso completo270,00 US$0,00 US$270,00 US$',
      'marzo de 2025Sin producto3,00 US$0,00 US$3,00 US$',
    ]);
  });

  it('says when nothing matches', async () => {
    stubApi({ ...AROUND, [LIST]: listRoute({ sales: [], total: 0, counts: { ...DATA.counts, held: 0 }, revenue: [] }) });
    renderRoute('/coach/ventas?q=zzz', { session: coach });
    expect(await screen.findByText('No encontramos ventas con «zzz».', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('No hay pagos en estas fechas.')).toBeTruthy();
  });

  it('is for the coach only', async () => {
    const api = stubApi({ ...AROUND, [LIST]: listRoute() });
    renderRoute('/coach/ventas', { session: makeUser() });
    expect(await screen.findByText(COACH_ONLY, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });
});
