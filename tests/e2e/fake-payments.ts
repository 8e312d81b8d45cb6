// The Mercado Pago payments the e2e server can see. Global setup (server.ts) starts tests/fakes/mercadopago.ts
// in the runner process, registers these, and points the app at it (MERCADOPAGO_API_URL/ACCESS_TOKEN); specs
// run in other processes, so they share these fixed ids instead of the fake's handle. Each database is fresh
// per run and a payment grants once: a spec takes its own id and uses it once.
import type { FakePayment } from '../fakes/mercadopago';

export const E2E_PAYMENTS = {
  /** payments.spec.ts: a signed-in user buys the course (270 USD) and becomes premium. */
  course: { id: 1111111111, status: 'approved', transaction_amount: 270, currency_id: 'USD', external_reference: 'manifiesta-curso-completo' },
  /** payments.spec.ts: a signed-in user buys the affirmations ebook (3 USD) and downloads it. */
  ebook: { id: 2222222222, status: 'approved', transaction_amount: 3, currency_id: 'USD', external_reference: 'afirmaciones-ebook' },
  /** Rejected by the provider although the checkout said approved. */
  rejected: {
    id: 3333333333,
    status: 'rejected',
    status_detail: 'cc_rejected_insufficient_amount',
    transaction_amount: 270,
    currency_id: 'USD',
    external_reference: 'manifiesta-curso-completo',
  },
} as const satisfies Record<string, Partial<FakePayment> & Pick<FakePayment, 'id'>>;
