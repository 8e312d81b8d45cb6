import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_RECORD_KEY } from '../../../lib/visitor-record';
import { deferred, envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';

const INVALID = 'Los datos de pago son inválidos o el pago fue rechazado. Si crees que es un error, contacta a soporte.';
const FALLBACK = 'Ocurrió un error al verificar tu pago. Por favor, contacta a soporte.';
const CONFIRM = 'POST /api/payment/confirm';

const url = (query: string) => `/confirmacion-pago?${query}`;
const COURSE = url('product_id=manifiesta-curso-completo&payment_id=1111111111&status=approved');
const EBOOK = url('product_id=afirmaciones-ebook&payment_id=2222222222&status=approved');
/** Our purchase, as Mercado Pago appends it to the return address (external_reference), with its other parameters. */
const PURCHASE_ID = '0b7f9c2e-3d41-4a6b-9c8d-2e1f0a3b4c5d';
const GUEST_EBOOK = url(
  `product_id=afirmaciones-ebook&collection_id=90000000001&collection_status=approved&payment_id=90000000001&status=approved&external_reference=${PURCHASE_ID}&payment_type=credit_card&preference_id=123456789-abc&site_id=MLA`,
);
const SUCCESS = '¡Pago exitoso! Tu acceso ha sido activado.';
const granted = (productId: string, landing: string, extra: Record<string, unknown> = {}) => envelope(200, SUCCESS, { productId, landing, ...extra });
const HELD = 'Recibimos tu pago, pero no corresponde a una compra iniciada en este sitio. Lo revisaremos y te escribiremos para activar tu acceso.';
const SIGN_IN = 'Inicia sesión con la cuenta con la que compraste para activar tu compra.';
const NOT_YOURS = 'Este pago pertenece a otra cuenta. Inicia sesión con la cuenta con la que compraste.';
const PENDING = 'Tu pago todavía está pendiente de aprobación. Apenas se acredite, vuelve a esta página desde el enlace de tu comprobante.';

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
    answer.resolve(granted('manifiesta-curso-completo', '/cursos/manifiesta', { user: premium }));
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
    answer.resolve(granted('afirmaciones-ebook', '/menu', { user: makeUser() }));
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
    [400, PENDING],
    [403, NOT_YOURS],
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

  it("a guest back from an account's purchase is asked to sign in, and the page confirms by itself once they are back", async () => {
    let signedIn = false;
    const api = stubApi({
      ...AROUND,
      [CONFIRM]: () => (signedIn ? granted('manifiesta-curso-completo', '/cursos/manifiesta', { user: makeUser({ roles: [7] }) }) : envelope(401, SIGN_IN)),
      'POST /api/auth/login': () => {
        signedIn = true;
        return envelope(200, 'Sesión iniciada.', makeUser());
      },
    });
    const { router, session } = renderRoute(COURSE, { session: null });

    expect(await screen.findByRole('heading', { level: 2, name: 'Falta un paso' })).toBeTruthy();
    expect(screen.getByText(SIGN_IN)).toBeTruthy();
    // Not an error: a step to take.
    expect(screen.queryByRole('alert')).toBeNull();
    const link = screen.getByRole('link', { name: 'Iniciar sesión' });
    expect(new URLSearchParams(link.getAttribute('href')!.split('?')[1]).get('redirect')).toBe(COURSE);
    expect(api.callsTo(CONFIRM)).toHaveLength(1);

    fireEvent.click(link);
    fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: 'lucia@example.com' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'respira-y-suelta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByText(SUCCESS)).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(COURSE);
    expect(api.callsTo(CONFIRM)).toHaveLength(2);
    expect(session()).toEqual(makeUser({ roles: [7] }));
  });

  it('a guest who bought the ebook with an address gets the download here, with the word that it went by mail too, and stays', async () => {
    const answer = deferred();
    const api = stubApi({ ...AROUND, [CONFIRM]: () => answer.promise });
    const { router, session } = renderRoute(GUEST_EBOOK, { session: null });
    await screen.findByText('Verificando tu pago, por favor espera...');

    vi.useFakeTimers();
    answer.resolve(
      granted('afirmaciones-ebook', '/menu', {
        download: { url: '/api/downloads/afirmaciones-ebook?token=abc123', expiresAt: '2026-12-04T12:00:00.000Z', downloads: 10 },
      }),
    );
    await advance(0);

    // The purchase is proved by its id, from the return address.
    expect(api.callsTo(CONFIRM)[0]!.body).toEqual({ productId: 'afirmaciones-ebook', paymentId: '90000000001', purchaseId: PURCHASE_ID });
    expect(screen.getByRole('heading', { level: 2, name: '¡Gracias por tu compra!' })).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Descargar el ebook' });
    expect(download.getAttribute('href')).toBe('/api/downloads/afirmaciones-ebook?token=abc123');
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByText(/también te enviamos un enlace de descarga por correo/)).toBeTruthy();
    expect(screen.getByText(/El enlace vale hasta el 4 de diciembre de 2026 y sirve para 10 descargas/)).toBeTruthy();
    expect(screen.queryByText('Serás redirigido en unos segundos...')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(VISITOR_RECORD_KEY)!)).toMatchObject({ pagoAfirmaciones: 'done' });
    expect(session()).toBeNull();

    await advance(10_000);
    expect(router.state.location.pathname).toBe('/confirmacion-pago');
    expect(api.callsTo(CONFIRM)).toHaveLength(1);
  });

  it('says calmly that a payment naming no purchase of ours is held for review, and grants nothing', async () => {
    stubApi({ ...AROUND, [CONFIRM]: envelope(202, HELD, { held: true }) });
    const user = makeUser();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, session } = renderRoute(url('product_id=afirmaciones-ebook&payment_id=2222222222&status=approved&external_reference=afirmaciones-ebook'), {
      session: user,
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Tu pago está en revisión' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(HELD);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Error en la Confirmación' })).toBeNull();
    await advance(5000);
    expect(router.state.location.pathname).toBe('/confirmacion-pago');
    expect(session()).toEqual(user);
    expect(window.localStorage.getItem(VISITOR_RECORD_KEY)).toBeNull();
  });

  it('sends no purchase id when the return address names none of ours (an old fixed link names the product)', async () => {
    const api = stubApi({ ...AROUND, [CONFIRM]: envelope(202, HELD, { held: true }) });
    renderRoute(url('product_id=afirmaciones-ebook&payment_id=2222222222&status=approved&external_reference=afirmaciones-ebook'), { session: null });

    await waitFor(() => expect(api.callsTo(CONFIRM)).toHaveLength(1));
    expect(api.callsTo(CONFIRM)[0]!.body).toEqual({ productId: 'afirmaciones-ebook', paymentId: '2222222222' });
  });
});
