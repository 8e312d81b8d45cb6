// Payments the e2e server can see that no checkout of ours made. Global setup (server.ts) starts
// tests/fakes/mercadopago.ts in the runner process, registers these, and points the app at it
// (MERCADOPAGO_API_URL/ACCESS_TOKEN); specs run in other processes, so they share these fixed ids instead of the
// fake's handle. Purchases made through the site need none of them: the button asks the server for a checkout, and
// the fake's checkout page («Pagar») makes the payment and sends the browser back, as Mercado Pago does.
import type { FakePayment } from '../fakes/mercadopago';

export const E2E_PAYMENTS = {
  /**
   * Paid through an old fixed checkout link: its external_reference names a product, not a purchase of ours, so
   * it is held for the coach and grants nothing to whoever brings it back. Holding it again changes nothing.
   */
  held: { id: 2222222222, status: 'approved', transaction_amount: 3, currency_id: 'USD', external_reference: 'afirmaciones-ebook' },
  /** Rejected by the provider although the return address says approved. */
  rejected: {
    id: 3333333333,
    status: 'rejected',
    status_detail: 'cc_rejected_insufficient_amount',
    transaction_amount: 270,
    currency_id: 'USD',
    external_reference: 'manifiesta-curso-completo',
  },
} as const satisfies Record<string, Partial<FakePayment> & Pick<FakePayment, 'id'>>;
