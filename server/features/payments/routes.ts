// Payments. POST /api/checkout starts a purchase for its buyer (the signed-in account, or a guest's address for
// what the catalogue lets guests buy) and creates the Mercado Pago preference with the catalogue's price and our
// purchase id as external_reference. Nothing is granted before the provider confirms the payment, its amount,
// currency and purchase; a payment grants once, to its purchase's buyer only, whoever reports it (the page
// /confirmacion-pago, or the provider's webhook). A payment naming no purchase of ours is held for the coach.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { DOWNLOAD_SLOTS } from '../../../course/placements';
import { sendBlob } from '../media/routes';
import { placedFile, type PlacementsReader } from '../placements/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { EMAIL_PATTERN, MAX_EMAIL } from '../../../course/contact';
import { productPrice } from '../../../course/catalogue';
import { CHECKOUT_EMAIL, isProductId, PRODUCT_IDS, PRODUCTS, type ProductId } from '../../../course/products';

export { CHECKOUT_EMAIL };
import { ForbiddenError, GoneError, InvalidError, UnauthorizedError, UnavailableError } from '../../../events/errors';
import {
  decidePayments,
  paymentFold,
  purchaseFold,
  startCheckout,
  type PaymentsCommand,
  type Purchase,
  type Requester,
  type VerifiedPayment,
} from '../../../events/payments/payments';
import { paymentStreamId, purchaseStreamId } from '../../../events/payments/payments.events';
import { entitlementsOf, hasEntitlement } from '../../../events/payments/queries';
import { handleMultiStreamCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import type { AppConfig } from '../../deps';
import { envelope, ErrorEnvelope, errorResponses } from '../../http';
import { requireUser } from '../../plugins/auth';
import type { Accounts } from '../accounts/accounts';
import { UserSchema } from '../accounts/routes';
import { EMAIL_SEND, type MailJob } from '../../../jobs/email/send-email';
import { optedOut, visitorIdOf } from '../leads/visitor';
import { DOWNLOAD_LINK_DAYS, MAX_DOWNLOADS, issueDownloadToken, useDownloadToken, type DownloadRefusal } from './downloads';
import { createPreference, fetchPayment, verifyWebhookSignature, type MercadoPagoConfig, type ProviderPayment } from './mercadopago';
import type { CatalogueReader } from '../catalogue/routes';
import { fromRoot } from '../../project-root';
import { claimReceipt, releaseReceipt, WEBHOOK_WINDOW_MS, withinWindow, type Receipt } from './receipts';

/** The payment outcomes as the buyer reads them (invalid or rejected, granted, still pending), fixed texts. */
export const PAYMENT_INVALID = 'Los datos de pago son inválidos o el pago fue rechazado. Si crees que es un error, contacta a soporte.';
export const PAYMENT_SUCCESS = '¡Pago exitoso! Tu acceso ha sido activado.';
export const PAYMENT_PENDING = 'Tu pago todavía está pendiente de aprobación. Apenas se acredite, vuelve a esta página desde el enlace de tu comprobante.';
const NOT_BOUGHT = 'Este ebook está disponible solo para quienes lo compraron.';
export const PAYMENT_HELD =
  'Recibimos tu pago, pero no corresponde a una compra iniciada en este sitio. Lo revisaremos y te escribiremos para activar tu acceso.';
export const GUEST_REFERENCE_MISSING =
  'No pudimos comprobar que esta compra sea tuya: abre completa la dirección a la que te devolvió Mercado Pago al pagar. El enlace de descarga también te llega por correo.';
export const SIGN_IN_TO_CONFIRM = 'Inicia sesión con la cuenta con la que compraste para activar tu compra.';
export const ACCOUNT_NEEDED = 'Para inscribirte necesitas una cuenta: inicia sesión o crea la tuya y vuelve a intentarlo.';
export const UNKNOWN_PRODUCT = 'Ese producto no existe.';
/** Why a guest's download link does not work any more. */
export const DOWNLOAD_REFUSED: Record<DownloadRefusal, string> = {
  unknown: 'Este enlace de descarga no es válido. Revisa que esté completo, tal como llegó a tu correo.',
  expired: `Este enlace de descarga venció (vale ${DOWNLOAD_LINK_DAYS} días). Escríbenos y te enviamos uno nuevo.`,
  reversed: 'Esta compra fue reembolsada, así que su enlace de descarga ya no funciona.',
  'used-up': `Este enlace ya se usó las ${MAX_DOWNLOADS} veces que permite. Escríbenos si necesitas descargarlo de nuevo.`,
};

/** Where a guest downloads what they bought (the API serves the file for a live link). */
export const downloadUrl = (productId: ProductId, token: string) => `/api/downloads/${productId}?token=${encodeURIComponent(token)}`;
const BAD_SIGNATURE = 'Firma de notificación inválida.';
const OUT_OF_WINDOW = `Notificación fuera de plazo: su firma tiene más de ${WEBHOOK_WINDOW_MS / 60_000} minutos de diferencia con nuestro reloj.`;
/** Webhook notifications per minute from one address, as a multiple of RATE_LIMIT_PER_IP (600 by default). */
export const WEBHOOK_RATE_FACTOR = 30;

/** Repo-root downloads served only to buyers (never from the public static folder). */
export const PRIVATE_DOWNLOADS_DIR = fromRoot('assets/private');
export const EBOOK_FILE = 'afirmaciones-ebook-completo.pdf';

const REVERSALS = { refunded: 'refunded', charged_back: 'charged_back', cancelled: 'cancelled' } as const;

/** Whether the provider's payment is approved and matches the purchase's product, amount and currency. */
function verify(payment: ProviderPayment | undefined, purchase: Purchase): VerifiedPayment {
  if (!payment) throw new InvalidError(PAYMENT_INVALID);
  if (PENDING.has(payment.status)) throw new InvalidError(PAYMENT_PENDING);
  const ok = payment.status === 'approved' && payment.currency_id === purchase.currency && Math.abs(payment.transaction_amount - purchase.amount) < 0.005;
  if (!ok) throw new InvalidError(PAYMENT_INVALID);
  return { id: String(payment.id), productId: purchase.productId, amount: payment.transaction_amount, currency: payment.currency_id };
}

const PENDING = new Set(['pending', 'in_process', 'authorized']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The product a payment made outside our checkout names, when it names one (the old fixed links did). */
const namedProduct = (payment: ProviderPayment): ProductId | undefined =>
  payment.external_reference && isProductId(payment.external_reference) ? payment.external_reference : undefined;

type Deps = { store: EventStore; pool: pg.Pool; accounts: Accounts; config: AppConfig; catalogue: CatalogueReader; placements: PlacementsReader };

const Email = z.string(CHECKOUT_EMAIL).trim().max(MAX_EMAIL, CHECKOUT_EMAIL).regex(EMAIL_PATTERN, CHECKOUT_EMAIL);

const ConfirmResult = z.object({
  productId: z.enum(PRODUCT_IDS),
  /** Where the buyer goes next (the course, the menu). */
  landing: z.string(),
  /** The account as it is now, when the purchase was the signed-in account's. */
  user: UserSchema.optional(),
  /** A guest's purchase of a file: the link to download it now (the same kind of link goes by mail). */
  download: z.object({ url: z.string(), expiresAt: z.string(), downloads: z.number().int().describe('Cuántas descargas permite') }).optional(),
});

const paymentRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store, pool, accounts, config, catalogue, placements }) => {
  const provider: MercadoPagoConfig = {
    apiUrl: config.MERCADOPAGO_API_URL,
    accessToken: config.MERCADOPAGO_ACCESS_TOKEN,
    timeoutMs: config.PAYMENT_TIMEOUT_MS,
  };

  async function paymentState(paymentId: string) {
    return (await store.readStream(paymentStreamId(paymentId))).reduce(paymentFold.evolve, paymentFold.initial);
  }

  /** The purchase a payment names through external_reference, when it is one of ours. */
  async function purchaseOf(payment: ProviderPayment): Promise<Purchase | undefined> {
    const ref = payment.external_reference;
    if (!ref || !UUID.test(ref)) return undefined;
    return (await store.readStream(purchaseStreamId(ref.toLowerCase()))).reduce(purchaseFold.evolve, purchaseFold.initial).started;
  }

  /** A decision on a payment, written with what it grants or takes back, and the mail that tells the buyer. */
  const handlePayment = (paymentId: string, command: PaymentsCommand, metadata: { actor: string; requestId: string }, mail?: MailJob) =>
    handleMultiStreamCommand(
      store,
      paymentStreamId(paymentId),
      paymentFold,
      (state) => {
        const writes = decidePayments(command, state);
        return mail && writes.length > 0 ? { writes, jobs: [{ name: EMAIL_SEND, data: mail }] } : writes;
      },
      { metadata },
    );

  /** Grants a verified payment to its purchase's buyer (the mail goes with the first grant only). */
  const grant = (
    payment: VerifiedPayment,
    purchase: Purchase,
    requester: Requester,
    source: 'confirm' | 'webhook',
    metadata: { actor: string; requestId: string },
  ) =>
    handlePayment(payment.id, { type: 'ConfirmPayment', payment, purchase, requester, source }, metadata, { kind: 'purchase-granted', paymentId: payment.id });

  /** An approved payment that names no purchase of ours: kept for the coach, granted to nobody. */
  const hold = (payment: ProviderPayment, metadata: { actor: string; requestId: string }) => {
    const productId = namedProduct(payment);
    return handlePayment(
      String(payment.id),
      {
        type: 'HoldPayment',
        paymentId: String(payment.id),
        ...(productId ? { productId } : {}),
        amount: payment.transaction_amount,
        currency: payment.currency_id,
      },
      metadata,
    );
  };

  app.post(
    '/api/checkout',
    {
      config: { rateLimit: { max: config.RATE_LIMIT_PER_IP, timeWindow: '1 minute' } },
      schema: {
        operationId: 'startCheckout',
        tags: ['payments'],
        summary: 'Inicia una compra: crea el pago en Mercado Pago al precio del catálogo y devuelve adónde ir a pagar',
        body: z.strictObject({ productId: z.string(UNKNOWN_PRODUCT).max(100, UNKNOWN_PRODUCT), email: Email.optional() }),
        response: { 200: envelope(z.object({ initPoint: z.string(), purchaseId: z.uuid() })), ...errorResponses, 401: ErrorEnvelope },
      },
    },
    async (request) => {
      const { productId, email } = request.body;
      if (!isProductId(productId)) throw new InvalidError(UNKNOWN_PRODUCT);
      const product = PRODUCTS[productId];
      const user = await request.currentUser();
      // The course is an account's (it opens the learner's lessons); a guest may buy what the catalogue allows.
      if (!user && !product.guestPurchase) throw new UnauthorizedError(ACCOUNT_NEEDED);
      if (!user && !email) throw new InvalidError(CHECKOUT_EMAIL);
      const buyer = user ? { userId: user.id } : { email: email!.toLowerCase() };
      // The catalogue's price at this moment: recorded on the purchase, which its payment is checked against later.
      const price = productPrice((await catalogue.current()).values, productId);
      const purchaseId = randomUUID();
      const back = new URL(`/confirmacion-pago?product_id=${encodeURIComponent(productId)}`, config.publicUrl).toString();
      const preference = await createPreference(
        provider,
        {
          items: [{ id: productId, title: product.name, quantity: 1, unit_price: price.amount, currency_id: price.currency }],
          ...(user ? { payer: { email: user.email } } : { payer: { email: buyer.email! } }),
          external_reference: purchaseId,
          metadata: { purchase_id: purchaseId, ...(user ? { user_id: user.id } : { buyer_email: buyer.email! }) },
          back_urls: { success: back, pending: back, failure: back },
          auto_return: 'approved',
          notification_url: new URL('/api/payment/webhook', config.publicUrl).toString(),
        },
        purchaseId,
      );
      const visitorId = optedOut(request) ? undefined : visitorIdOf(request);
      const started = startCheckout({
        purchaseId,
        productId,
        amount: price.amount,
        currency: price.currency,
        ...buyer,
        preferenceId: preference.id,
        ...(visitorId ? { visitorId } : {}),
      });
      await store.append(started.streamId, started.events, { expectedVersion: 0, metadata: { actor: user?.id ?? 'guest', requestId: request.id } });
      request.log.info({ purchaseId, productId }, 'checkout started');
      return { success: true as const, message: 'Te llevamos a Mercado Pago para pagar.', data: { initPoint: preference.init_point, purchaseId } };
    },
  );

  app.post(
    '/api/payment/confirm',
    {
      config: { rateLimit: { max: config.RATE_LIMIT_PER_IP, timeWindow: '1 minute' } },
      schema: {
        operationId: 'confirmPayment',
        tags: ['payments'],
        summary: 'Confirma un pago con Mercado Pago y activa lo comprado a quien lo compró (una sola vez por pago)',
        body: z.strictObject({
          paymentId: z.string(PAYMENT_INVALID).regex(/^\d{1,20}$/, PAYMENT_INVALID),
          /** The product named in the return address (informative: the purchase says what was bought). */
          productId: z.string(PAYMENT_INVALID).max(100, PAYMENT_INVALID).optional(),
          /** The purchase (external_reference of the return address): a guest's proof that the purchase is theirs. */
          purchaseId: z.string(PAYMENT_INVALID).regex(UUID, PAYMENT_INVALID).optional(),
        }),
        response: {
          200: envelope(ConfirmResult),
          202: envelope(z.object({ held: z.literal(true) })),
          ...errorResponses,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          409: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { paymentId, purchaseId } = request.body;
      const user = await request.currentUser();
      const payment = await fetchPayment(provider, paymentId);
      if (!payment) throw new InvalidError(PAYMENT_INVALID);
      const metadata = { actor: user?.id ?? 'guest', requestId: request.id };
      const purchase = await purchaseOf(payment);
      if (!purchase) {
        if (PENDING.has(payment.status)) throw new InvalidError(PAYMENT_PENDING);
        if (payment.status !== 'approved') throw new InvalidError(PAYMENT_INVALID);
        // Paid, but not through a checkout of ours: the coach finds the buyer; nobody claims it by knowing its id.
        await hold(payment, metadata);
        request.log.info({ paymentId }, 'payment held for the coach');
        return reply.code(202).send({ success: true as const, message: PAYMENT_HELD, data: { held: true as const } });
      }
      const requester: Requester | undefined = purchase.userId
        ? user && { userId: user.id }
        : purchaseId?.toLowerCase() === purchase.purchaseId
          ? { guestOf: purchase.purchaseId }
          : undefined;
      if (!requester) {
        if (purchase.userId) throw new UnauthorizedError(SIGN_IN_TO_CONFIRM);
        // A guest's purchase without its reference: the return address was cut, or this is not the buyer.
        throw new ForbiddenError(GUEST_REFERENCE_MISSING);
      }
      const verified = verify(payment, purchase);
      await grant(verified, purchase, requester, 'confirm', metadata);
      request.log.info({ paymentId, productId: purchase.productId }, 'payment confirmed');
      const product = PRODUCTS[purchase.productId];
      const data: z.infer<typeof ConfirmResult> = { productId: purchase.productId, landing: product.landing };
      if (purchase.userId && user) data.user = (await accounts.findById(user.id))!;
      if (!purchase.userId) {
        const { token, expiresAt } = await issueDownloadToken(pool, purchase.purchaseId);
        data.download = { url: downloadUrl(purchase.productId, token), expiresAt: expiresAt.toISOString(), downloads: MAX_DOWNLOADS };
      }
      return { success: true as const, message: PAYMENT_SUCCESS, data };
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

  /** The provider says something happened to a payment: read it, and grant, hold or take back accordingly. */
  async function handleNotification(paymentId: string, requestId: string, log: FastifyBaseLogger): Promise<string> {
    const payment = await fetchPayment(provider, paymentId);
    if (!payment) return 'unknown-payment';
    const metadata = { actor: 'mercadopago', requestId };
    const reversal = REVERSALS[payment.status as keyof typeof REVERSALS];
    if (reversal) {
      const reverse: PaymentsCommand = { type: 'ReversePayment', paymentId, status: reversal };
      // Answered as of the payment this notification found: a twin reversing it at the same moment is told 'reversed' too.
      if (decidePayments(reverse, await paymentState(paymentId)).length === 0) return 'nothing-to-reverse';
      await handlePayment(paymentId, reverse, metadata, { kind: 'purchase-reversed', paymentId });
      log.info({ paymentId, status: reversal }, 'payment reversed');
      return 'reversed';
    }
    if (payment.status !== 'approved') return 'not-approved';
    const state = await paymentState(paymentId);
    if (state.confirmed) return 'already-confirmed';
    const purchase = await purchaseOf(payment);
    if (!purchase) {
      if (state.held) return 'held';
      await hold(payment, metadata);
      log.info({ paymentId }, 'payment held for the coach');
      return 'held';
    }
    let verified: VerifiedPayment;
    try {
      verified = verify(payment, purchase);
    } catch {
      return 'not-approved';
    }
    // The buyer's browser may be confirming it at this very moment: whichever is first grants, the other finds it done.
    await grant(verified, purchase, 'provider', 'webhook', metadata);
    log.info({ paymentId, productId: purchase.productId }, 'payment confirmed by webhook');
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
        summary: 'El ebook completo de afirmaciones: para quien lo compró con su cuenta, o con el enlace de su compra sin cuenta',
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: { 401: ErrorEnvelope, 403: ErrorEnvelope, 410: ErrorEnvelope, 500: ErrorEnvelope, 503: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (token !== undefined) {
        const used = await useDownloadToken(pool, token, 'afirmaciones-ebook');
        if (!used.ok) throw new GoneError(DOWNLOAD_REFUSED[used.why]);
      } else {
        const user = await requireUser(request);
        if (!(await hasEntitlement(pool, user.id, 'afirmaciones-ebook'))) throw new ForbiddenError(NOT_BOUGHT);
      }
      // The coach's own ebook, once she has put it in its place; until then the one the site ships.
      const placed = await placedFile(placements, pool, DOWNLOAD_SLOTS.ebook);
      if (placed) {
        reply.header('content-disposition', `attachment; filename="${EBOOK_FILE}"`);
        return sendBlob(pool, request, reply as unknown as FastifyReply, placed, 'private, no-store');
      }
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
