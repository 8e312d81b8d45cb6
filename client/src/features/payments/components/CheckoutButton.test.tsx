import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductId } from '../../../../../course/products';
import { deferred, envelope, makeUser, stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { paymentPage } from '../../../lib/checkout';
import { CheckoutButton, EMAIL_NEEDED } from './CheckoutButton';

const CHECKOUT = 'POST /api/checkout';
const INIT_POINT = 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123456789-abc';
const PURCHASE_ID = '0b7f9c2e-3d41-4a6b-9c8d-2e1f0a3b4c5d';
const started = () => envelope(200, 'Te llevamos a Mercado Pago para pagar.', { initPoint: INIT_POINT, purchaseId: PURCHASE_ID });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function LoginProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="login">{pathname + search}</p>;
}

/** The button alone on a page of its own (/tienda?desde=prueba), with /login to land on. */
function renderButton(productId: ProductId, session: ReturnType<typeof makeUser> | null, props: { email?: string } = {}) {
  const onStart = vi.fn();
  const assign = vi.spyOn(paymentPage, 'open').mockImplementation(() => {});
  const view = renderRoute('/tienda?desde=prueba', {
    session,
    routes: [
      {
        path: '/tienda',
        element: (
          <CheckoutButton productId={productId} onStart={onStart} {...props}>
            Comprar
          </CheckoutButton>
        ),
      },
      { path: '/login', element: <LoginProbe /> },
    ],
  });
  return { ...view, onStart, assign };
}

describe('the checkout button, signed in', () => {
  it('starts the purchase on the server and goes to its payment page, busy meanwhile and only once', async () => {
    const answer = deferred();
    const api = stubApi({ [CHECKOUT]: () => answer.promise });
    const { onStart, assign } = renderButton('manifiesta-curso-completo', makeUser());

    const button = await screen.findByRole('button', { name: 'Comprar' });
    fireEvent.click(button);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Te llevamos a Mercado Pago...');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);

    answer.resolve(started());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(INIT_POINT));
    expect(api.callsTo(CHECKOUT)).toHaveLength(1);
    // The account is the buyer: no address is sent.
    expect(api.callsTo(CHECKOUT)[0]!.body).toEqual({ productId: 'manifiesta-curso-completo' });
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when the purchase cannot start, and lets the buyer try again", async () => {
    const api = stubApi({ [CHECKOUT]: envelope(503, 'No pudimos conectar con Mercado Pago. Inténtalo de nuevo en unos minutos.') });
    const { onStart, assign } = renderButton('afirmaciones-ebook', makeUser());

    fireEvent.click(await screen.findByRole('button', { name: 'Comprar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos conectar con Mercado Pago. Inténtalo de nuevo en unos minutos.');
    expect(assign).not.toHaveBeenCalled();
    expect(onStart).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Comprar' });
    expect(button.getAttribute('aria-disabled')).toBeNull();

    fireEvent.click(button);
    await waitFor(() => expect(api.callsTo(CHECKOUT)).toHaveLength(2));
  });

  it('falls back to its own message when the server cannot be reached', async () => {
    stubApi({ [CHECKOUT]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderButton('afirmaciones-ebook', makeUser());

    fireEvent.click(await screen.findByRole('button', { name: 'Comprar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos abrir el pago en este momento. Inténtalo de nuevo en unos minutos.');
  });

  it('offers to sign in again when the session ended on the way, back to this page', async () => {
    stubApi({ [CHECKOUT]: envelope(401, 'Para inscribirte necesitas una cuenta: inicia sesión o crea la tuya y vuelve a intentarlo.') });
    renderButton('manifiesta-curso-completo', makeUser());

    fireEvent.click(await screen.findByRole('button', { name: 'Comprar' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Para inscribirte necesitas una cuenta/);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login?redirect=/tienda%3Fdesde%3Dprueba');
  });
});

describe('the checkout button, signed out', () => {
  it('for the course, leads to /login with the way back to this page, and asks the server nothing', async () => {
    const api = stubApi({});
    const { router } = renderButton('manifiesta-curso-completo', null);

    const link = await screen.findByRole('link', { name: 'Comprar' });
    expect(link.getAttribute('href')).toBe('/login?redirect=/tienda%3Fdesde%3Dprueba');
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toMatch(/inicia sesión o crea tu cuenta/);

    fireEvent.click(link);
    expect((await screen.findByTestId('login')).textContent).toBe('/login?redirect=/tienda%3Fdesde%3Dprueba');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/tienda?desde=prueba');
    expect(api.calls).toHaveLength(0);
  });

  it('for the ebook, asks only an e-mail address, checks it, then starts the purchase for it', async () => {
    const api = stubApi({ [CHECKOUT]: started() });
    const { onStart, assign } = renderButton('afirmaciones-ebook', null);

    const button = await screen.findByRole('button', { name: 'Comprar' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(button);

    const form = screen.getByRole('form', { name: 'Comprar sin cuenta' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(form.id);
    const email = within(form).getByLabelText<HTMLInputElement>('Tu email');
    expect(document.activeElement).toBe(email);
    expect(email.type).toBe('email');
    expect(email.autocomplete).toBe('email');
    expect(within(form).getByRole('link', { name: 'Inicia sesión' }).getAttribute('href')).toBe('/login?redirect=/tienda%3Fdesde%3Dprueba');

    const submit = within(form).getByRole('button', { name: 'Continuar al pago' });
    fireEvent.click(submit);
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(EMAIL_NEEDED);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: 'ana@@example.com' } });
    fireEvent.click(submit);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);

    fireEvent.change(email, { target: { value: '  ana@example.com ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(INIT_POINT));
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(api.callsTo(CHECKOUT)[0]!.body).toEqual({ productId: 'afirmaciones-ebook', email: 'ana@example.com' });
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('offers the address the visitor already gave, and shows what the server refuses inside the form', async () => {
    const api = stubApi({ [CHECKOUT]: envelope(400, 'Ingresa un email válido: ahí te enviaremos tu compra.') });
    const { assign } = renderButton('afirmaciones-ebook', null, { email: 'ana@example.com' });

    fireEvent.click(await screen.findByRole('button', { name: 'Comprar' }));
    const form = screen.getByRole('form', { name: 'Comprar sin cuenta' });
    expect(within(form).getByLabelText<HTMLInputElement>('Tu email').value).toBe('ana@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Continuar al pago' }));

    expect((await within(form).findByRole('alert')).textContent).toBe('Ingresa un email válido: ahí te enviaremos tu compra.');
    expect(api.callsTo(CHECKOUT)[0]!.body).toEqual({ productId: 'afirmaciones-ebook', email: 'ana@example.com' });
    expect(assign).not.toHaveBeenCalled();
  });
});
