// A local stand-in for Mercado Pago: checkout preferences (POST /checkout/preferences, answered with an init_point),
// the checkout page a buyer is sent to (GET /checkout/v1/redirect?pref_id=…, where "Pagar" makes an approved payment
// referencing the preference and sends the browser to its back_urls.success with the query parameters Mercado Pago
// adds), and the payments API (GET /v1/payments/{id}) with the real responses' field names. Tests put payments in
// (`pay` for one made through a preference), change their status, or take the API down.
// `notification` builds a webhook notification as Mercado Pago sends it, signed with the integration's secret.
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePayment {
  id: number;
  status: 'approved' | 'pending' | 'in_process' | 'rejected' | 'refunded' | 'charged_back' | 'cancelled';
  status_detail: string;
  transaction_amount: number;
  currency_id: string;
  external_reference: string | null;
  metadata: Record<string, unknown>;
}

/** A preference as the fake keeps it: what the server sent, and the id and links it was answered. */
export interface FakePreference {
  id: string;
  init_point: string;
  items: Array<{ id?: string; title: string; quantity: number; unit_price: number; currency_id: string }>;
  external_reference: string;
  metadata: Record<string, unknown>;
  back_urls: { success: string; pending?: string; failure?: string };
  auto_return?: string;
  notification_url?: string;
  payer?: { email?: string };
  /** The X-Idempotency-Key it was created with. */
  idempotencyKey?: string;
}

export interface FakeMercadoPago {
  apiUrl: string;
  token: string;
  /** Requests made (method, path, whether the token was right). */
  requests: Array<{ path: string; authorized: boolean }>;
  add(payment: Partial<FakePayment> & Pick<FakePayment, 'id'>): FakePayment;
  /** Preferences created, in order. */
  preferences: FakePreference[];
  /**
   * A payment made through a preference (found by its id or its external_reference): its amount, currency,
   * external_reference and metadata are the preference's, as Mercado Pago makes them.
   */
  pay(preference: string, change?: Partial<FakePayment>): FakePayment;
  update(id: number, change: Partial<FakePayment>): void;
  /** While down, every request gets a 500 (the provider failing) or, with 'hang', no answer at all. */
  down(mode: false | 'error' | 'hang'): void;
  close(): Promise<void>;
}

export async function startFakeMercadoPago(token = 'APP_USR-test-token'): Promise<FakeMercadoPago> {
  const payments = new Map<number, FakePayment>();
  const preferences: FakePreference[] = [];
  let nextPaymentId = 90_000_000_001;
  const requests: FakeMercadoPago['requests'] = [];
  let mode: false | 'error' | 'hang' = false;
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const authorized = req.headers.authorization === `Bearer ${token}`;
    requests.push({ path: req.url ?? '', authorized });
    if (mode === 'hang') return;
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'error') return json(500, { message: 'internal_error', error: 'internal_server_error', status: 500, cause: [] });
    // The checkout page is the buyer's browser, not an API call: no token.
    const redirect = req.method === 'GET' && req.url?.startsWith('/checkout/v1/redirect') ? new URL(req.url, 'http://fake') : undefined;
    if (redirect) return checkoutPage(redirect, res);
    if (req.method === 'POST' && req.url?.startsWith('/checkout/v1/pay')) return payAndReturn(new URL(req.url, 'http://fake'), res);
    if (!authorized) return json(401, { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });
    if (req.method === 'POST' && req.url === '/checkout/preferences') return createPreference(req, json);
    const match = req.method === 'GET' && req.url?.match(/^\/v1\/payments\/(\d+)$/);
    if (!match) return json(404, { message: 'resource not found', error: 'not_found', status: 404, cause: [] });
    const payment = payments.get(Number(match[1]));
    if (!payment)
      return json(404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [{ code: 2000, description: 'Payment not found' }] });
    // The real answer carries many more fields; a few of them, so parsing is not tuned to a minimal body.
    json(200, {
      ...payment,
      date_created: '2026-11-22T10:00:00.000-03:00',
      date_approved: payment.status === 'approved' ? '2026-11-22T10:00:05.000-03:00' : null,
      payment_method_id: 'visa',
      payment_type_id: 'credit_card',
      payer: { email: 'comprador@example.com', identification: { type: 'DNI', number: '12345678' } },
      transaction_details: { net_received_amount: payment.transaction_amount * 0.94, total_paid_amount: payment.transaction_amount },
    });
  });
  const apiUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function createPreference(req: http.IncomingMessage, json: (status: number, body: unknown) => void) {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Omit<FakePreference, 'id' | 'init_point'>;
      const key = typeof req.headers['x-idempotency-key'] === 'string' ? req.headers['x-idempotency-key'] : undefined;
      const again = key ? preferences.find((p) => p.idempotencyKey === key) : undefined;
      if (again) return json(201, again);
      if (!Array.isArray(body.items) || body.items.length === 0 || !body.back_urls?.success) {
        return json(400, { message: 'items needed', error: 'invalid_items', status: 400, cause: [] });
      }
      const id = `123456789-${randomUUID()}`;
      const preference: FakePreference = {
        ...body,
        metadata: body.metadata ?? {},
        id,
        init_point: `${apiUrl()}/checkout/v1/redirect?pref_id=${id}`,
        ...(key ? { idempotencyKey: key } : {}),
      };
      preferences.push(preference);
      json(201, { ...preference, collector_id: 123456789, operation_type: 'regular_payment', sandbox_init_point: preference.init_point });
    });
  }

  const findPreference = (ref: string) => preferences.find((p) => p.id === ref || p.external_reference === ref);

  function pay(ref: string, change: Partial<FakePayment> = {}): FakePayment {
    const preference = findPreference(ref);
    if (!preference) throw new Error(`no preference ${ref}`);
    const item = preference.items[0]!;
    const payment: FakePayment = {
      id: nextPaymentId++,
      status: 'approved',
      status_detail: 'accredited',
      transaction_amount: item.unit_price * item.quantity,
      currency_id: item.currency_id,
      external_reference: preference.external_reference,
      // Mercado Pago returns the preference's metadata on the payment.
      metadata: { ...preference.metadata },
      ...change,
    };
    payments.set(payment.id, payment);
    return payment;
  }

  function checkoutPage(url: URL, res: http.ServerResponse) {
    const preference = findPreference(url.searchParams.get('pref_id') ?? '');
    if (!preference) return res.writeHead(404, { 'content-type': 'text/plain' }).end('preference not found');
    const item = preference.items[0]!;
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><meta name="viewport" content="width=device-width"><title>Mercado Pago (simulado)</title>` +
          `<h1>Pagar ${item.title}</h1><p>$${item.unit_price} ${item.currency_id}</p>` +
          `<form method="post" action="/checkout/v1/pay?pref_id=${encodeURIComponent(preference.id)}"><button>Pagar</button></form>`,
      );
  }

  function payAndReturn(url: URL, res: http.ServerResponse) {
    const preference = findPreference(url.searchParams.get('pref_id') ?? '');
    if (!preference) return res.writeHead(404).end();
    const payment = pay(preference.id);
    // The return address with what Mercado Pago appends to it.
    const back = new URL(preference.back_urls.success);
    const params: Record<string, string> = {
      collection_id: String(payment.id),
      collection_status: payment.status,
      payment_id: String(payment.id),
      status: payment.status,
      external_reference: preference.external_reference,
      payment_type: 'credit_card',
      merchant_order_id: String(payment.id + 5),
      preference_id: preference.id,
      site_id: 'MLA',
      processing_mode: 'aggregator',
      merchant_account_id: 'null',
    };
    for (const [k, v] of Object.entries(params)) back.searchParams.set(k, v);
    res.writeHead(302, { location: back.toString() }).end();
  }

  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    token,
    requests,
    preferences,
    pay,
    add(p) {
      const payment: FakePayment = {
        status: 'approved',
        status_detail: 'accredited',
        transaction_amount: 270,
        currency_id: 'USD',
        external_reference: 'manifiesta-curso-completo',
        metadata: {},
        ...p,
      };
      payments.set(payment.id, payment);
      return payment;
    },
    update(id, change) {
      payments.set(id, { ...payments.get(id)!, ...change });
    },
    down(m) {
      mode = m;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface NotificationOptions {
  /** The payment the notification is about (data.id, in the query string and the body). */
  paymentId: number | string;
  secret: string;
  /** x-request-id: a fresh one per notification, as Mercado Pago sends. */
  requestId?: string;
  /** When it was signed (default now). */
  at?: Date;
  /**
   * How `ts` is written: Mercado Pago's documentation shows seconds (ts=1704908010), while some notifications
   * and examples carry milliseconds (ts=1742505638683).
   */
  tsUnit?: 'seconds' | 'milliseconds';
}

/**
 * A webhook notification as Mercado Pago sends it: POST {url}?data.id={id}&type=payment with x-signature
 * "ts={ts},v1={hex}", v1 = HMAC-SHA256(secret, "id:{data.id};request-id:{x-request-id};ts:{ts};"). Written
 * here from Mercado Pago's documentation, independently of the server's own code, so that the two check
 * each other.
 */
export function notification({ paymentId, secret, requestId = randomUUID(), at = new Date(), tsUnit = 'seconds' }: NotificationOptions) {
  const id = String(paymentId);
  const ts = String(tsUnit === 'seconds' ? Math.floor(at.getTime() / 1000) : at.getTime());
  const v1 = createHmac('sha256', secret).update(`id:${id.toLowerCase()};request-id:${requestId};ts:${ts};`).digest('hex');
  return {
    method: 'POST' as const,
    url: `/api/payment/webhook?data.id=${id}&type=payment`,
    headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId, 'content-type': 'application/json' },
    payload: {
      action: 'payment.updated',
      api_version: 'v1',
      data: { id },
      date_created: at.toISOString(),
      id: Date.now(),
      live_mode: false,
      type: 'payment',
      user_id: '123456789',
    },
    ts,
    requestId,
  };
}

/** The app's settings to use this fake: its address and token, a webhook secret, short timeouts and room for a test's pace. */
export const fakeMercadoPagoConfig = (mp: FakeMercadoPago, webhookSecret: string) => ({
  MERCADOPAGO_API_URL: mp.apiUrl,
  MERCADOPAGO_ACCESS_TOKEN: mp.token,
  MERCADOPAGO_WEBHOOK_SECRET: webhookSecret,
  PAYMENT_TIMEOUT_MS: 500,
  RATE_LIMIT_PER_IP: 1000,
});
