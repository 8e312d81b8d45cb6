// Mercado Pago, as far as we use it: read a payment (GET /v1/payments/{id}) and check a webhook's
// x-signature (HMAC-SHA256 over the documented manifest, compared in constant time).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UnavailableError } from '../../../events/errors';

/** The fields of a payment we rely on (the API returns many more). */
export interface ProviderPayment {
  id: number;
  status: string;
  status_detail?: string;
  transaction_amount: number;
  currency_id: string;
  external_reference: string | null;
  metadata?: Record<string, unknown> | null;
}

export const PROVIDER_DOWN = 'No pudimos verificar tu pago con Mercado Pago en este momento. Inténtalo de nuevo en unos minutos.';
export const PAYMENTS_NOT_CONFIGURED = 'Los pagos no están disponibles en este momento. Por favor, contacta a soporte.';

export interface MercadoPagoConfig {
  apiUrl: string;
  accessToken?: string;
  timeoutMs: number;
}

/** The payment, or undefined when the provider does not know that id. Unreachable or failing: 503. */
export async function fetchPayment(config: MercadoPagoConfig, id: string): Promise<ProviderPayment | undefined> {
  if (!config.accessToken) throw new UnavailableError(PAYMENTS_NOT_CONFIGURED);
  let res: Response;
  try {
    res = await fetch(new URL(`/v1/payments/${encodeURIComponent(id)}`, config.apiUrl), {
      headers: { authorization: `Bearer ${config.accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch {
    throw new UnavailableError(PROVIDER_DOWN);
  }
  if (res.status === 404) return undefined;
  if (!res.ok) throw new UnavailableError(PROVIDER_DOWN);
  const body = (await res.json().catch(() => undefined)) as Partial<ProviderPayment> | undefined;
  if (!body || typeof body.status !== 'string' || typeof body.transaction_amount !== 'number' || typeof body.currency_id !== 'string') {
    throw new UnavailableError(PROVIDER_DOWN);
  }
  return body as ProviderPayment;
}

/**
 * The webhook's signature: x-signature is "ts=…,v1=…"; v1 = HMAC-SHA256(secret,
 * "id:{data.id};request-id:{x-request-id};ts:{ts};") in hex, where data.id comes from the query string
 * (lower-cased when alphanumeric) and a part whose value is missing is left out.
 */
export function webhookManifest({ dataId, requestId, ts }: { dataId?: string; requestId?: string; ts: string }): string {
  let manifest = '';
  if (dataId) manifest += `id:${/^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId};`;
  if (requestId) manifest += `request-id:${requestId};`;
  manifest += `ts:${ts};`;
  return manifest;
}

export function signWebhook(secret: string, parts: { dataId?: string; requestId?: string; ts: string }): string {
  return createHmac('sha256', secret).update(webhookManifest(parts)).digest('hex');
}

/**
 * When a notification was signed, from its ts: Mercado Pago's documentation and SDKs read it as seconds
 * (ts=1704908010), while some notifications and examples carry milliseconds (ts=1742505638683). Both are
 * accepted: a ts of 11 digits or more is milliseconds (as seconds it would be past the year 5000).
 */
export function signedAtOf(ts: string): Date {
  const n = Number(ts);
  return new Date(n >= 1e11 ? n : n * 1000);
}

/** The signature's ts and signing time when x-signature is Mercado Pago's for these parts; undefined otherwise. */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  parts: { dataId?: string; requestId?: string },
): { ts: string; signedAt: Date } | undefined {
  if (!header) return undefined;
  const fields = Object.fromEntries(
    header.split(',').map((kv) => {
      const [k, ...v] = kv.split('=');
      return [k!.trim(), v.join('=').trim()];
    }),
  );
  const ts = fields.ts;
  const v1 = fields.v1;
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return undefined;
  const expected = Buffer.from(signWebhook(secret, { ...parts, ts }), 'hex');
  return timingSafeEqual(expected, Buffer.from(v1.toLowerCase(), 'hex')) ? { ts, signedAt: signedAtOf(ts) } : undefined;
}

/** A checkout preference as we create it (POST /checkout/preferences); the API accepts many more fields. */
export interface PreferenceRequest {
  items: Array<{ id: string; title: string; quantity: number; unit_price: number; currency_id: string }>;
  payer?: { email: string };
  external_reference: string;
  metadata: Record<string, string>;
  back_urls: { success: string; pending: string; failure: string };
  auto_return: 'approved';
  notification_url?: string;
}

/** The fields of the created preference we use: its id and where to send the buyer. */
export interface Preference {
  id: string;
  init_point: string;
}

/**
 * Creates a checkout preference. The idempotency key (our purchase id) makes a retried request create one
 * preference. Unreachable, failing or answering without an init_point: 503.
 */
export async function createPreference(config: MercadoPagoConfig, preference: PreferenceRequest, idempotencyKey: string): Promise<Preference> {
  if (!config.accessToken) throw new UnavailableError(PAYMENTS_NOT_CONFIGURED);
  let res: Response;
  try {
    res = await fetch(new URL('/checkout/preferences', config.apiUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.accessToken}`,
        accept: 'application/json',
        'content-type': 'application/json',
        'x-idempotency-key': idempotencyKey,
      },
      body: JSON.stringify(preference),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch {
    throw new UnavailableError(CHECKOUT_DOWN);
  }
  const body = (await res.json().catch(() => undefined)) as Partial<Preference> | undefined;
  if (!res.ok || typeof body?.id !== 'string' || typeof body.init_point !== 'string' || !/^https?:\/\//.test(body.init_point)) {
    throw new UnavailableError(CHECKOUT_DOWN);
  }
  return { id: body.id, init_point: body.init_point };
}

export const CHECKOUT_DOWN = 'No pudimos abrir el pago con Mercado Pago en este momento. Inténtalo de nuevo en unos minutos.';
