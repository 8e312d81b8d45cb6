// POST /api/newsletter/confirm: the newsletter's confirmation link (double opt-in, decision 0016). The page
// /newsletter/confirmar sends the link's token here; a valid one records SubscriptionConfirmed in the address's
// visitor stream and is spent in the same transaction. Unknown 400; used or expired 410; either writes nothing.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GoneError, InvalidError } from '../../../events/errors';
import { decideLeads, visitorFold } from '../../../events/leads/leads';
import { handleCommand } from '../../../events/store/command';
import type { Queryable } from '../../../events/store/types';
import type { AppDeps } from '../../deps';
import { envelope, ErrorEnvelope, errorResponses } from '../../http';
import { requestMetadata } from '../../request';
import { consumeConfirmationToken, readConfirmationToken } from './confirmation-tokens';

export const NEWSLETTER_MESSAGES = {
  confirmed: '¡Listo! Tu suscripción está confirmada. Muy pronto recibirás la próxima carta en tu correo.',
  alreadyConfirmed: 'Tu suscripción ya estaba confirmada. ¡Gracias por seguir aquí!',
  tokenMissing: 'No se encontró el enlace de confirmación. Ábrelo tal como llegó a tu correo.',
  tokenInvalid: 'El enlace de confirmación no es válido. Revisa que esté completo o suscríbete de nuevo.',
  tokenUsed: 'Este enlace de confirmación ya se usó. Si confirmaste tu suscripción, ya estás dentro.',
  tokenExpired: 'El enlace de confirmación venció. Suscríbete de nuevo y te enviaremos uno nuevo.',
} as const;

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
};

export default newsletterRoutes;
