// Payments (the page /confirmacion-pago, POST /api/payment/confirm): nothing is granted before the
// provider confirms the payment, its amount, currency and product; one payment id grants once, to one
// account. The provider's webhook does the same checks and takes back refunded or charged-back payments.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { isProductId, PRODUCTS, type ProductId } from '../../../course/products';
import { ConflictError, ForbiddenError, InvalidError, UnauthorizedError, UnavailableError } from '../../../events/errors';
import { assertClaimable, decidePayments, paymentFold, type PaymentsCommand, type VerifiedPayment } from '../../../events/payments/payments';
import { paymentStreamId } from '../../../events/payments/payments.events';
import { entitlementsOf, hasEntitlement } from '../../../events/payments/queries';
import { handleMultiStreamCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import type { AppConfig } from '../../deps';
import { envelope, ErrorEnvelope, errorResponses } from '../../http';
import { requireUser } from '../../plugins/auth';
import type { Accounts } from '../accounts/accounts';
import { UserSchema } from '../accounts/routes';
import { fetchPayment, verifyWebhookSignature, type MercadoPagoConfig, type ProviderPayment } from './mercadopago';
import { claimReceipt, releaseReceipt, WEBHOOK_WINDOW_MS, withinWindow, type Receipt } from './receipts';

/** The payment outcomes as the buyer reads them (invalid or rejected, granted, still pending), fixed texts. */
export const PAYMENT_INVALID = 'Los datos de pago son inválidos o el pago fue rechazado. Si crees que es un error, contacta a soporte.';
export const PAYMENT_SUCCESS = '¡Pago exitoso! Tu acceso ha sido activado.';
export const PAYMENT_PENDING = 'Tu pago todavía está pendiente de aprobación. Apenas se acredite, vuelve a esta página desde el enlace de tu comprobante.';
const NOT_BOUGHT = 'Este ebook está disponible solo para quienes lo compraron.';
const BAD_SIGNATURE = 'Firma de notificación inválida.';
const OUT_OF_WINDOW = `Notificación fuera de plazo: su firma tiene más de ${WEBHOOK_WINDOW_MS / 60_000} minutos de diferencia con nuestro reloj.`;
/** Webhook notifications per minute from one address, as a multiple of RATE_LIMIT_PER_IP (600 by default). */
export const WEBHOOK_RATE_FACTOR = 30;

/** Repo-root downloads served only to buyers (never from the public static folder). */
export const PRIVATE_DOWNLOADS_DIR = path.resolve(import.meta.dirname, '../../../assets/private');
export const EBOOK_FILE = 'afirmaciones-ebook-completo.pdf';

const REVERSALS = { refunded: 'refunded', charged_back: 'charged_back', cancelled: 'cancelled' } as const;

/** The provider's payment, checked against the catalogue: approved, this product, its amount and currency. */
function verify(payment: ProviderPayment | undefined, productId: ProductId): VerifiedPayment {
  if (!payment) throw new InvalidError(PAYMENT_INVALID);
  if (payment.status === 'pending' || payment.status === 'in_process' || payment.status === 'authorized') throw new InvalidError(PAYMENT_PENDING);
  const product = PRODUCTS[productId];
  const ok =
    payment.status === 'approved' &&
    payment.external_reference === productId &&
    payment.currency_id === product.currency &&
    Math.abs(payment.transaction_amount - product.amount) < 0.005;
  if (!ok) throw new InvalidError(PAYMENT_INVALID);
  return { id: String(payment.id), productId, amount: payment.transaction_amount, currency: payment.currency_id };
}

type Deps = { store: EventStore; pool: pg.Pool; accounts: Accounts; config: AppConfig };

const paymentRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store, pool, accounts, config }) => {
  const provider: MercadoPagoConfig = {
    apiUrl: config.MERCADOPAGO_API_URL,
    accessToken: config.MERCADOPAGO_ACCESS_TOKEN,
    timeoutMs: config.PAYMENT_TIMEOUT_MS,
  };

  async function paymentState(paymentId: string) {
    return (await store.readStream(paymentStreamId(paymentId))).reduce(paymentFold.evolve, paymentFold.initial);
  }

  /** A decision on a payment, written with what it grants or takes back. */
  const handlePayment = (paymentId: string, command: PaymentsCommand, metadata: { actor: string; requestId: string }) =>
    handleMultiStreamCommand(store, paymentStreamId(paymentId), paymentFold, (state) => decidePayments(command, state), { metadata });

  /**
   * Claims the payment for the user with its grant. A lost race (a twin request included: the event ids are
   * the payment's) is judged like a later request: fine only when the provider's webhook won it for this same
   * user; otherwise the payment is already used (409).
   */
  const claim = (payment: VerifiedPayment, userId: string, source: 'confirm' | 'webhook', metadata: { actor: string; requestId: string }) =>
    handlePayment(payment.id, { type: 'ConfirmPayment', payment, userId, source }, metadata);

  app.post(
    '/api/payment/confirm',
    {
      config: { rateLimit: { max: config.RATE_LIMIT_PER_IP, timeWindow: '1 minute' } },
      schema: {
        operationId: 'confirmPayment',
        tags: ['payments'],
        summary: 'Confirma un pago con Mercado Pago y activa lo comprado (una sola vez por pago)',
        body: z.strictObject({
          productId: z.string(PAYMENT_INVALID).max(100, PAYMENT_INVALID),
          paymentId: z.string(PAYMENT_INVALID).regex(/^\d{1,20}$/, PAYMENT_INVALID),
        }),
        response: { 200: envelope(z.object({ user: UserSchema })), ...errorResponses, 401: ErrorEnvelope, 409: ErrorEnvelope },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { productId, paymentId } = request.body;
      if (!isProductId(productId)) throw new InvalidError(PAYMENT_INVALID);
      if (assertClaimable(await paymentState(paymentId), user.id) === 'new') {
        const payment = verify(await fetchPayment(provider, paymentId), productId);
        await claim(payment, user.id, 'confirm', { actor: user.id, requestId: request.id });
      }
      request.log.info({ paymentId, productId }, 'payment confirmed');
      const fresh = (await accounts.findById(user.id))!;
      return { success: true as const, message: PAYMENT_SUCCESS, data: { user: fresh } };
    },
  );

  app.post(
    '/api/payment/webhook',
    {
      // Its own limit, per address, instead of the per-user write budget: Mercado Pago's notification servers
      // share a few addresses and send several notifications per payment, so a launch must fit; a forged
      // notification costs one HMAC before its 401.
      config: { rateLimit: { max: config.RATE_LIMIT_PER_IP * WEBHOOK_RATE_FACTOR, timeWindow: '1 minute' } },
      schema: {
        operationId: 'paymentWebhook',
        tags: ['payments'],
        summary: 'Notificaciones de Mercado Pago (firmadas con x-signature)',
        querystring: z.looseObject({ 'data.id': z.string().max(40).optional(), type: z.string().max(40).optional() }),
        body: z.looseObject({
          type: z.string().max(40).optional(),
          action: z.string().max(60).optional(),
          data: z.looseObject({ id: z.union([z.string(), z.number()]).optional() }).optional(),
        }),
        response: { 200: envelope(z.object({ handled: z.string() })), ...errorResponses, 401: ErrorEnvelope },
      },
    },
    async (request) => {
      const secret = config.MERCADOPAGO_WEBHOOK_SECRET;
      if (!secret) throw new UnavailableError('Las notificaciones de pago no están configuradas.');
      const dataId = request.query['data.id'] ?? (request.body.data?.id !== undefined ? String(request.body.data.id) : undefined);
      const requestId = typeof request.headers['x-request-id'] === 'string' ? request.headers['x-request-id'] : undefined;
      const signature = typeof request.headers['x-signature'] === 'string' ? request.headers['x-signature'] : undefined;
      const signed = verifyWebhookSignature(secret, signature, { dataId, requestId });
      if (!signed) throw new UnauthorizedError(BAD_SIGNATURE);
      // A signature is only as fresh as its ts: an old notification, however well signed, is refused.
      if (!withinWindow(signed.signedAt)) throw new UnauthorizedError(OUT_OF_WINDOW);
      // A replay within the window answers 2xx, as for a notification received: Mercado Pago retries whatever
      // does not get a 2xx, and there is nothing left to do for it.
      const receipt: Receipt = { ts: signed.ts, requestId, dataId, signedAt: signed.signedAt };
      if (!(await claimReceipt(pool, receipt))) return ok('duplicate');

      try {
        const type = request.query.type ?? request.body.type;
        if (type !== 'payment' || !dataId || !/^\d{1,20}$/.test(dataId)) return ok('ignored');
        return ok(await handleNotification(dataId, request.id, request.log));
      } catch (error) {
        // Not processed (the provider down, our database): Mercado Pago sends it again, and that must count.
        await releaseReceipt(pool, receipt).catch(() => {});
        throw error;
      }
    },
  );

  /** The provider says something happened to a payment: read it, and grant or take back accordingly. */
  async function handleNotification(paymentId: string, requestId: string, log: FastifyBaseLogger): Promise<string> {
    const payment = await fetchPayment(provider, paymentId);
    if (!payment) return 'unknown-payment';
    const state = await paymentState(paymentId);
    const reversal = REVERSALS[payment.status as keyof typeof REVERSALS];
    if (reversal) {
      const reverse: PaymentsCommand = { type: 'ReversePayment', paymentId, status: reversal };
      // Answered as of the payment this notification found: a twin reversing it at the same moment is told 'reversed' too.
      if (decidePayments(reverse, state).length === 0) return 'nothing-to-reverse';
      await handlePayment(paymentId, reverse, { actor: 'mercadopago', requestId });
      log.info({ paymentId, status: reversal }, 'payment reversed');
      return 'reversed';
    }
    if (state.confirmed) return 'already-confirmed';
    // Granted here only when the checkout carried the buyer's account id; otherwise the browser's confirm will.
    const userId = typeof payment.metadata?.user_id === 'string' ? payment.metadata.user_id : undefined;
    const productId = payment.external_reference ?? '';
    if (!userId || !isProductId(productId) || !(await accounts.findById(userId).catch(() => undefined))) return 'awaiting-buyer';
    let verified: VerifiedPayment;
    try {
      verified = verify(payment, productId);
    } catch {
      return 'not-approved';
    }
    await claim(verified, userId, 'webhook', { actor: 'mercadopago', requestId }).catch((error) => {
      if (!(error instanceof ConflictError)) throw error;
    });
    log.info({ paymentId, productId }, 'payment confirmed by webhook');
    return 'confirmed';
  }

  const ok = (handled: string) => ({ success: true as const, message: 'Notificación recibida.', data: { handled } });

  app.get(
    '/api/me/entitlements',
    {
      schema: {
        operationId: 'getEntitlements',
        tags: ['payments'],
        summary: 'Los productos que compraste (además del curso, que es tu rol premium)',
        response: { 200: envelope(z.array(z.object({ productId: z.string(), grantedAt: z.string() }))), ...errorResponses, 401: ErrorEnvelope },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const bought = await entitlementsOf(pool, user.id);
      return { success: true as const, message: 'Tus compras.', data: bought.map((e) => ({ productId: e.productId, grantedAt: e.grantedAt.toISOString() })) };
    },
  );

  app.get(
    '/api/downloads/afirmaciones-ebook',
    {
      schema: {
        operationId: 'downloadAffirmationsEbook',
        tags: ['payments'],
        summary: 'El ebook completo de afirmaciones (solo para quienes lo compraron)',
        response: { 401: ErrorEnvelope, 403: ErrorEnvelope, 500: ErrorEnvelope, 503: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (!(await hasEntitlement(pool, user.id, 'afirmaciones-ebook'))) throw new ForbiddenError(NOT_BOUGHT);
      const file = path.join(PRIVATE_DOWNLOADS_DIR, EBOOK_FILE);
      const { size } = await stat(file);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-length', size)
          .header('content-disposition', `attachment; filename="${EBOOK_FILE}"`)
          .header('cache-control', 'private, no-store')
          // A file stream, not JSON: no response schema for 200 (the typed reply only knows the error envelopes).
          .send(createReadStream(file) as never)
      );
    },
  );
};

export default paymentRoutes;
