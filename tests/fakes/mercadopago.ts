// A local stand-in for Mercado Pago's payments API: GET /v1/payments/{id} with a Bearer token, answered
// with the real response's fields. Tests put payments in, change their status, or take the API down.
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

export interface FakeMercadoPago {
  apiUrl: string;
  token: string;
  /** Requests made (method, path, whether the token was right). */
  requests: Array<{ path: string; authorized: boolean }>;
  add(payment: Partial<FakePayment> & Pick<FakePayment, 'id'>): FakePayment;
  update(id: number, change: Partial<FakePayment>): void;
  /** While down, every request gets a 500 (the provider failing) or, with 'hang', no answer at all. */
  down(mode: false | 'error' | 'hang'): void;
  close(): Promise<void>;
}

export async function startFakeMercadoPago(token = 'APP_USR-test-token'): Promise<FakeMercadoPago> {
  const payments = new Map<number, FakePayment>();
  const requests: FakeMercadoPago['requests'] = [];
  let mode: false | 'error' | 'hang' = false;
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const authorized = req.headers.authorization === `Bearer ${token}`;
    requests.push({ path: req.url ?? '', authorized });
    if (mode === 'hang') return;
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'error') return json(500, { message: 'internal_error', error: 'internal_server_error', status: 500, cause: [] });
    if (!authorized) return json(401, { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });
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
