// POST /api/newsletter/confirm: the newsletter's confirmation link (double opt-in, decision 0016). The page
// /newsletter/confirmar sends the link's token here; a valid one records SubscriptionConfirmed in the address's
// visitor stream and is spent in the same transaction. Unknown 400; used or expired 410; either writes nothing.
// POST /api/newsletter/unsubscribe and /resubscribe (decision 0019): every marketing mail's signed link. The first
// is also the RFC 8058 one-click endpoint that mail providers POST to from their servers (no cookie, no Origin of
// ours); a GET on it only leads to the page that asks for the click (link scanners open links).
import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { GoneError, InvalidError, NotFoundError } from '../../../events/errors';
import { decideLeads, visitorFold, type LeadsCommand } from '../../../events/leads/leads';
import { leadOf, subscriberOf } from '../../../events/leads/queries';
import { handleCommand } from '../../../events/store/command';
import type { Queryable } from '../../../events/store/types';
import type { AppDeps } from '../../deps';
import { envelope, ErrorEnvelope, errorResponses } from '../../http';
import { requestMetadata } from '../../request';
import { consumeConfirmationToken, readConfirmationToken } from './confirmation-tokens';
import { loadUnsubscribeSecret, readUnsubscribeToken, unsubscribeUrl } from './unsubscribe';

export const NEWSLETTER_MESSAGES = {
  confirmed: '¡Listo! Tu suscripción está confirmada. Muy pronto recibirás la próxima carta en tu correo.',
  alreadyConfirmed: 'Tu suscripción ya estaba confirmada. ¡Gracias por seguir aquí!',
  tokenMissing: 'No se encontró el enlace de confirmación. Ábrelo tal como llegó a tu correo.',
  tokenInvalid: 'El enlace de confirmación no es válido. Revisa que esté completo o suscríbete de nuevo.',
  tokenUsed: 'Este enlace de confirmación ya se usó. Si confirmaste tu suscripción, ya estás dentro.',
  tokenExpired: 'El enlace de confirmación venció. Suscríbete de nuevo y te enviaremos uno nuevo.',
  unsubscribed: 'Listo, ya no recibirás más cartas ni correos de novedades de Manifiesta. Si cambias de opinión, puedes volver cuando quieras.',
  alreadyUnsubscribed: 'Ya te habías dado de baja: no recibirás más cartas ni correos de novedades de Manifiesta.',
  resubscribed: '¡Qué alegría tenerte de vuelta! Vuelves a recibir las cartas de Manifiesta.',
  alreadySubscribed: 'Tu suscripción ya está activa: seguirás recibiendo las cartas de Manifiesta.',
  unsubscribeTokenMissing: 'No se encontró el enlace para darte de baja. Ábrelo tal como llegó a tu correo.',
  unsubscribeTokenInvalid: 'El enlace para darte de baja no es válido. Revisa que esté completo, tal como llegó a tu correo.',
  subscriberGone:
    'No encontramos una suscripción con este enlace: puede que tu dirección ya se haya borrado. Si quieres recibir las cartas, suscríbete de nuevo.',
} as const;

const UnsubscribeToken = z
  .string(NEWSLETTER_MESSAGES.unsubscribeTokenMissing)
  .min(1, NEWSLETTER_MESSAGES.unsubscribeTokenMissing)
  .max(200, NEWSLETTER_MESSAGES.unsubscribeTokenInvalid);
/** The letter whose link was followed (a letter's mail adds it), for its statistics. */
const LetterParam = z.uuid('El enlace para darte de baja no es válido. Revisa que esté completo, tal como llegó a tu correo.').optional();

// RFC 8058: the provider POSTs exactly `List-Unsubscribe=One-Click`, form-encoded, to the header's URI; our page
// posts the token as JSON.
const OneClickBody = z.union(
  [z.strictObject({ 'List-Unsubscribe': z.literal('One-Click') }), z.strictObject({ token: UnsubscribeToken, letterId: LetterParam })],
  {
    error: 'Solicitud de baja no reconocida: se espera List-Unsubscribe=One-Click o el enlace del correo.',
  },
);
const OneClickQuery = z.strictObject({ token: UnsubscribeToken.optional(), letter: LetterParam });

const ConfirmBody = z.strictObject({
  token: z.string(NEWSLETTER_MESSAGES.tokenMissing).min(1, NEWSLETTER_MESSAGES.tokenMissing).max(200, NEWSLETTER_MESSAGES.tokenInvalid),
});

const newsletterRoutes: FastifyPluginAsyncZod<Pick<AppDeps, 'store' | 'pool' | 'config'>> = async (app, { store, pool, config }) => {
  app.post(
    '/api/newsletter/confirm',
    {
      config: { rateLimit: { max: config.LEAD_RATE_LIMIT_PER_IP, timeWindow: '1 minute' } },
      schema: {
        operationId: 'confirmSubscription',
        tags: ['newsletter'],
        summary: 'Confirma la suscripción al newsletter con el enlace del correo (un solo uso, vence en 72 h)',
        description:
          'Solo una suscripción confirmada recibe cartas. Un enlace desconocido responde 400; uno ya usado o vencido, 410; ninguno escribe nada. La cabecera Idempotency-Key se ignora: el enlace vale una sola vez.',
        body: ConfirmBody,
        response: { 200: envelope(z.object({ confirmed: z.literal(true) })), ...errorResponses, 410: ErrorEnvelope },
      },
    },
    async (request) => {
      const { token } = request.body;
      const found = await readConfirmationToken(pool, token);
      if (!found) throw new InvalidError(NEWSLETTER_MESSAGES.tokenInvalid);
      if (found.state === 'used') throw new GoneError(NEWSLETTER_MESSAGES.tokenUsed);
      if (found.state === 'expired') throw new GoneError(NEWSLETTER_MESSAGES.tokenExpired);
      const spend = async (tx: Queryable) => {
        if (!(await consumeConfirmationToken(tx, token))) throw new GoneError(NEWSLETTER_MESSAGES.tokenUsed);
      };
      const result = await handleCommand(
        store,
        found.streamId,
        visitorFold,
        (state) => ({ events: decideLeads({ type: 'ConfirmSubscription' }, state).events, alsoInTransaction: spend }),
        { metadata: requestMetadata(request, 'visitor') },
      );
      // Already confirmed (a second mail's link): nothing to record, but the link is still spent.
      if (result.events.length === 0) await spend(pool);
      const message = result.events.length ? NEWSLETTER_MESSAGES.confirmed : NEWSLETTER_MESSAGES.alreadyConfirmed;
      return { success: true as const, message, data: { confirmed: true as const } };
    },
  );

  /** The visitor stream a link's token names; a token that is not ours is a 400 and nothing is written. */
  const subscriberOfToken = async (token: string | undefined) => {
    if (!token) throw new InvalidError(NEWSLETTER_MESSAGES.unsubscribeTokenMissing);
    const streamId = readUnsubscribeToken(await loadUnsubscribeSecret(pool), token);
    if (!streamId) throw new InvalidError(NEWSLETTER_MESSAGES.unsubscribeTokenInvalid);
    return streamId;
  };

  // Its own context: the only route that reads a form-encoded body and takes writes from other sites.
  await app.register(async (context) => {
    const oneClick = context.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    oneClick.post(
      '/api/newsletter/unsubscribe',
      {
        // Mail providers post for many people from few addresses: a letter's send brings bursts from each.
        config: { crossSite: 'allowed', rateLimit: { max: config.LEAD_RATE_LIMIT_PER_IP * 10, timeWindow: '1 minute' } },
        schema: {
          operationId: 'unsubscribe',
          tags: ['newsletter'],
          summary: 'Da de baja una dirección de las cartas y de todo correo de novedades (RFC 8058, un clic)',
          description:
            'El enlace firmado va en la consulta (`?token=`, cuerpo `List-Unsubscribe=One-Click` en application/x-www-form-urlencoded, como lo envían los proveedores de correo) o en el cuerpo JSON `{token}` (la página /newsletter/baja). No pide sesión ni el mismo origen: lo autoriza el enlace. Una dirección ya dada de baja responde 200 y no escribe nada; un enlace que no es nuestro, 400. La cabecera Idempotency-Key se ignora: darse de baja dos veces es darse de baja una.',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          querystring: OneClickQuery,
          body: OneClickBody,
          response: { 200: envelope(z.object({ unsubscribed: z.literal(true) })), ...errorResponses },
        },
      },
      async (request) => {
        const body = request.body;
        const fromPage = 'token' in body ? body : undefined;
        const streamId = await subscriberOfToken(fromPage?.token ?? request.query.token);
        const letterId = fromPage?.letterId ?? request.query.letter;
        // A forgotten address has nothing left to leave: no row, no lead, no mail will go to it.
        const [lead, subscriber] = await Promise.all([leadOf(pool, streamId), subscriberOf(pool, streamId)]);
        if (!lead && !subscriber) return { success: true as const, message: NEWSLETTER_MESSAGES.alreadyUnsubscribed, data: { unsubscribed: true as const } };
        const command: LeadsCommand = { type: 'Unsubscribe', letterId };
        const result = await handleCommand(store, streamId, visitorFold, (state) => ({ events: decideLeads(command, state).events }), {
          metadata: requestMetadata(request, 'visitor'),
        });
        const message = result.events.length ? NEWSLETTER_MESSAGES.unsubscribed : NEWSLETTER_MESSAGES.alreadyUnsubscribed;
        return { success: true as const, message, data: { unsubscribed: true as const } };
      },
    );
  });

  // A client that opens the List-Unsubscribe URI instead of posting to it lands on the page, which asks for the click.
  app.get(
    '/api/newsletter/unsubscribe',
    {
      config: { rateLimit: { max: config.LEAD_RATE_LIMIT_PER_IP, timeWindow: '1 minute' } },
      schema: {
        operationId: 'unsubscribePage',
        tags: ['newsletter'],
        summary: 'Lleva a la página /newsletter/baja, que pide confirmar la baja (un GET nunca da de baja)',
        querystring: OneClickQuery,
        response: { 303: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { token, letter } = request.query;
      await subscriberOfToken(token);
      const page = new URL(unsubscribeUrl(config.publicUrl, token!));
      if (letter) page.searchParams.set('letter', letter);
      return reply.redirect(`${page.pathname}${page.search}`, 303);
    },
  );

  app.post(
    '/api/newsletter/resubscribe',
    {
      config: { rateLimit: { max: config.LEAD_RATE_LIMIT_PER_IP, timeWindow: '1 minute' } },
      schema: {
        operationId: 'resubscribe',
        tags: ['newsletter'],
        summary: 'Vuelve a suscribir la dirección del enlace de baja (el enlace prueba el buzón: no hace falta otra confirmación)',
        description: 'Una suscripción ya activa responde 200 y no escribe nada; un enlace que no es nuestro, 400; una dirección borrada desde entonces, 404.',
        body: z.strictObject({ token: UnsubscribeToken }),
        response: { 200: envelope(z.object({ subscribed: z.literal(true) })), ...errorResponses },
      },
    },
    async (request) => {
      const streamId = await subscriberOfToken(request.body.token);
      const [lead, subscriber] = await Promise.all([leadOf(pool, streamId), subscriberOf(pool, streamId)]);
      if (!lead) throw new NotFoundError(NEWSLETTER_MESSAGES.subscriberGone);
      const command: LeadsCommand = {
        type: 'Resubscribe',
        email: lead.email,
        listed: subscriber !== undefined,
      };
      const result = await handleCommand(store, streamId, visitorFold, (state) => ({ events: decideLeads(command, state).events }), {
        metadata: requestMetadata(request, 'visitor'),
      });
      const message = result.events.length ? NEWSLETTER_MESSAGES.resubscribed : NEWSLETTER_MESSAGES.alreadySubscribed;
      return { success: true as const, message, data: { subscribed: true as const } };
    },
  );
};

export default newsletterRoutes;
