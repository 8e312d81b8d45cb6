// The free clarification call asked for from the sales pages (/reprograma, /manifiesta), and the optional
// site-wide notice shown as a dismissible banner (one of the coach's site settings).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideLeads, visitorFold, type LeadsCommand } from '../../../events/leads/leads';
import { CALL_PAGES, callStreamId, EMAIL_PATTERN, MAX_CALL_MESSAGE, MAX_EMAIL, MAX_NICK, WHATSAPP_PATTERN } from '../../../events/leads/leads.events';
import { handleCommand } from '../../../events/store/command';
import { deterministicUuid, timeOrderedUuid } from '../../../events/store/ids';
import type { AppDeps } from '../../deps';
import { envelope, errorResponses, keyedWriteErrors } from '../../http';
import { eventIdFor, keyedWrite } from '../../request';
import { noticeOf, type SiteSettingsReader } from '../site/routes';
import { optedOut, visitorIdOf } from './visitor';

export const CALL_MESSAGES = {
  contactRequired: 'Déjanos un email o un número de WhatsApp para poder contactarte.',
  received: '¡Gracias! Recibimos tu solicitud y te escribiremos en las próximas 24 horas para coordinar la llamada.',
} as const;

const CallBody = z
  .strictObject({
    name: z.string('Tu nombre es obligatorio.').trim().min(1, 'Tu nombre es obligatorio.').max(MAX_NICK, `Tu nombre puede tener hasta ${MAX_NICK} caracteres.`),
    email: z
      .string()
      .trim()
      .max(MAX_EMAIL, 'Ingresa un email válido.')
      .regex(EMAIL_PATTERN, 'Ingresa un email válido.')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    whatsapp: z
      .string()
      .trim()
      .regex(WHATSAPP_PATTERN, 'Ingresa un número de WhatsApp válido, con código de país.')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    message: z
      .string()
      .trim()
      .max(MAX_CALL_MESSAGE, `Tu mensaje puede tener hasta ${MAX_CALL_MESSAGE.toLocaleString('es')} caracteres.`)
      .optional(),
  })
  .refine((b) => b.email !== undefined || b.whatsapp !== undefined, { message: CALL_MESSAGES.contactRequired, path: ['email'] });

const Notice = z.object({ id: z.string(), text: z.string(), link: z.string().nullable() }).nullable();

const callRoutes: FastifyPluginAsyncZod<Pick<AppDeps, 'store' | 'config'> & { siteSettings: SiteSettingsReader }> = async (
  app,
  { store, config, siteSettings },
) => {
  for (const page of CALL_PAGES) {
    app.post(
      `/api/${page}/clarification-call`,
      {
        config: { rateLimit: { max: config.LEAD_RATE_LIMIT_PER_IP, timeWindow: '1 minute' } },
        schema: {
          operationId: `requestClarificationCall_${page}`,
          tags: ['leads'],
          summary: `Pide la llamada de claridad gratuita desde /${page}`,
          body: CallBody,
          response: { 200: envelope(z.null()), ...errorResponses, ...keyedWriteErrors },
        },
      },
      async (request) => {
        const { name, email, whatsapp, message } = request.body;
        const eventId = eventIdFor(request, 0);
        const requestId = eventId ? deterministicUuid('call', eventId) : timeOrderedUuid();
        const visitorId = optedOut(request) ? undefined : visitorIdOf(request);
        const command: LeadsCommand = { type: 'RequestCall', requestId, page, name, email, whatsapp, message, visitorId, eventId };
        await handleCommand(store, callStreamId(requestId), visitorFold, (state) => ({ events: decideLeads(command, state).events }), {
          ...keyedWrite(request, 'visitor'),
          anyVersion: true,
        });
        return { success: true as const, message: CALL_MESSAGES.received, data: null };
      },
    );
  }

  app.get(
    '/api/app/notification',
    {
      schema: {
        operationId: 'getNotification',
        tags: ['leads'],
        summary: 'El aviso del sitio, si hay uno (se muestra como banner descartable; id cambia con el texto)',
        response: { 200: envelope(Notice), ...errorResponses },
      },
    },
    async () => {
      const current = noticeOf((await siteSettings.current()).values);
      return { success: true as const, message: current ? 'Aviso del sitio.' : 'Sin avisos.', data: current };
    },
  );
};

export default callRoutes;
