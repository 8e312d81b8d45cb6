import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { VISITOR_RECORD_KEY } from '../../../lib/visitor-record';
import { deferred, envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { PaymentConfirmationPage } from './PaymentConfirmationPage';

const INVALID = 'Los datos de pago son inválidos o el pago fue rechazado. Si crees que es un error, contacta a soporte.';
const FALLBACK = 'Ocurrió un error al verificar tu pago. Por favor, contacta a soporte.';
const CONFIRM = 'POST /api/payment/confirm';

const url = (query: string) => `/confirmacion-pago?${query}`;
const COURSE = url('product_id=manifiesta-curso-completo&payment_id=1111111111&status=approved');
const EBOOK = url('product_id=afirmaciones-ebook&payment_id=2222222222&status=approved');

/** What the other pages a buyer lands on ask for; only the confirmation is under test. */
const AROUND = {
  'POST /api/leads/view': () => envelope(200, 'Visita registrada.', { recorded: true }),
  'GET /api/activity/getCompletionStatus': () => envelope(200, 'Progreso.', []),
};

beforeAll(async () => {
  // Loaded up front: with fake timers the lazy routes must resolve without waiting on real time.
  await Promise.all([import('./PaymentConfirmationPage'), import('../../../app/routes/SyllabusRoute'), import('../../../app/routes/MenuRoute')]);
});

beforeEach(() => window.localStorage.clear());

afterEach(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets fake time run in small steps, so promises and React's batched updates get through. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const errorTitle = () => screen.findByRole('heading', { level: 2, name: 'Error en la Confirmación' });

describe('/confirmacion-pago', () => {
  it.each([
    ['product_id is missing', url('payment_id=1111111111&status=approved')],
    ['payment_id is missing', url('product_id=manifiesta-curso-completo&status=approved')],
    ['status is missing', url('product_id=manifiesta-curso-completo&payment_id=1111111111')],
    ["status is not 'approved'", url('product_id=manifiesta-curso-completo&payment_id=1111111111&status=rejected')],
    ['there is no query at all', '/confirmacion-pago'],
  ])('shows the error at once, without calling the server, when %s', async (_, entry) => {
    const api = stubApi(AROUND);
    renderRoute(entry, { session: makeUser() });

    expect(await errorTitle()).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmación de pago');
    expect(screen.getByRole('alert').textContent).toBe(INVALID);
    expect(screen.queryByText('Verificando tu pago, por favor espera...')).toBeNull();
    expect(api.callsTo(CONFIRM)).toHaveLength(0);
  });

  it('verifies the course payment once, refreshes the user, and after 3 s goes to /cursos/manifiesta', async () => {
    const answer = deferred();
    const api = stubApi({ ...AROUND, [CONFIRM]: () => answer.promise });
    const premium = makeUser({ roles: [7] });
    const { router, session } = renderRoute(COURSE, { session: makeUser() });

    expect((await screen.findByText('Verificando tu pago, por favor espera...')).closest('[role="status"]')).toBeTruthy();

    vi.useFakeTimers();
    answer.resolve(envelope(200, '¡Pago exitoso! Tu acceso ha sido activado.', { user: premium }));
    await advance(0);
    expect(screen.getByText('¡Pago exitoso! Tu acceso ha sido activado.')).toBeTruthy();
    expect(screen.getByText('Serás redirigido en unos segundos...')).toBeTruthy();
    expect(session()).toEqual(premium);

    await advance(2990);
    expect(router.state.location.pathname).toBe('/confirmacion-pago');
    await advance(10);
    expect(router.state.location.pathname).toBe('/cursos/manifiesta');

    // Once, even under StrictMode's double effects and the re-render the new user causes.
    expect(api.callsTo(CONFIRM)).toHaveLength(1);
    expect(api.callsTo(CONFIRM)[0]!.body).toEqual({ productId: 'manifiesta-curso-completo', paymentId: '1111111111' });
    // The ebook promo flag is not the course's business.
    expect(window.localStorage.getItem(VISITOR_RECORD_KEY)).toBeNull();
  });

  it("goes to /menu after the ebook and marks the promo 'done' in 'userSM'", async () => {
    const answer = deferred();
    stubApi({ ...AROUND, [CONFIRM]: () => answer.promise });
    window.localStorage.setItem(VISITOR_RECORD_KEY, JSON.stringify({ email: 'ana@example.com', nick: 'Ana', statuses: [], pagoAfirmaciones: 'doing' }));
    const { router } = renderRoute(EBOOK, { session: makeUser() });
    await screen.findByText('Verificando tu pago, por favor espera...');

    vi.useFakeTimers();
    answer.resolve(envelope(200, '¡Pago exitoso! Tu acceso ha sido activado.', { user: makeUser() }));
    await advance(0);
    expect(screen.getByText('¡Pago exitoso! Tu acceso ha sido activado.')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(VISITOR_RECORD_KEY)!)).toMatchObject({ pagoAfirmaciones: 'done', nick: 'Ana' });

    await advance(2999);
    expect(router.state.location.pathname).toBe('/confirmacion-pago');
    await advance(1);
    expect(router.state.location.pathname).toBe('/menu');
  });

  it.each([
    [409, 'Este pago ya fue usado para activar otra cuenta.'],
    [503, 'No pudimos verificar tu pago con Mercado Pago en este momento. Inténtalo de nuevo en unos minutos.'],
    [400, INVALID],
  ])("shows the server's message on a %i", async (status, message) => {
    stubApi({ ...AROUND, [CONFIRM]: envelope(status, message) });
    const { router } = renderRoute(COURSE, { session: makeUser() });

    expect(await errorTitle()).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(router.state.location.pathname).toBe('/confirmacion-pago');
  });

  it.each([
    ['answers without a message', () => new Response('<html>Bad Gateway</html>', { status: 502 })],
    ['is unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to the spec’s message when the server %s', async (_, answer) => {
    stubApi({ ...AROUND, [CONFIRM]: answer });
    renderRoute(COURSE, { session: makeUser() });

    expect(await errorTitle()).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(FALLBACK);
  });

  it('offers to sign in again when the session ended on the way', async () => {
    stubApi({ ...AROUND, [CONFIRM]: envelope(401, 'Tu sesión ha expirado. Por favor, inicia sesión de nuevo.') });
    renderRoute(COURSE, { session: makeUser() });

    expect(await errorTitle()).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Iniciar sesión de nuevo' });
    expect(decodeURIComponent(link.getAttribute('href')!)).toBe(`/login?redirect=${COURSE}`);
  });

  it('a guest is sent to /login, which brings them back to this very URL, query included', async () => {
    const api = stubApi(AROUND);
    const { router } = renderRoute(COURSE, { session: null });

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(COURSE);
    expect(api.callsTo(CONFIRM)).toHaveLength(0);
  });

  it('rendered without a guard, tells a guest why to sign in and links to /login with the way back', async () => {
    const api = stubApi(AROUND);
    const queryClient = createQueryClient();
    const router = createMemoryRouter([{ path: '/confirmacion-pago', Component: PaymentConfirmationPage }], { initialEntries: [COURSE] });
    render(
      <StrictMode>
        <AppProviders queryClient={queryClient} session={null}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );

    expect(await screen.findByRole('heading', { level: 2, name: 'Inicia sesión para activar tu compra' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Iniciar sesión' });
    expect(new URLSearchParams(link.getAttribute('href')!.split('?')[1]).get('redirect')).toBe(COURSE);
    expect(api.callsTo(CONFIRM)).toHaveLength(0);
  });
});
