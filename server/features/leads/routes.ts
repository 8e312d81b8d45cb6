// POST /api/leads/add: a visitor leaves name and e-mail for a free download or the newsletter.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvalidError } from '../../../events/errors';
import { decideCaptureLead, evolveVisitor, initialVisitorState, visitorStreamId } from '../../../events/leads/leads';
import { EMAIL_PATTERN, isLeadSource, LEAD_PAGES, LEAD_SECTIONS, LEAD_STATUSES, MAX_EMAIL, MAX_NICK } from '../../../events/leads/leads.events';
import { handleCommand } from '../../../events/store/command';
import { EMAIL_SEND } from '../../../jobs/email/send-email';
import type { AppDeps } from '../../app';
import { envelope, errorResponses } from '../../http';
import { eventIdFor, requestMetadata } from '../../request';
import { leadWelcomeEmail } from './emails';

const UNKNOWN_SOURCE = 'Página, sección o estado de descarga desconocidos.';

const AddLeadBody = z.strictObject({
  email: z.string('Ingresa un email válido.').trim().max(MAX_EMAIL, 'Ingresa un email válido.').regex(EMAIL_PATTERN, 'Ingresa un email válido.'),
  nick: z.string('Tu nombre es obligatorio.').trim().min(1, 'Tu nombre es obligatorio.').max(MAX_NICK, `Tu nombre puede tener hasta ${MAX_NICK} caracteres.`),
  page: z.enum(LEAD_PAGES, UNKNOWN_SOURCE),
  section: z.enum(LEAD_SECTIONS, UNKNOWN_SOURCE),
  status: z.enum(LEAD_STATUSES, UNKNOWN_SOURCE),
});

const AddLeadResponse = envelope(z.object({ firstForSource: z.boolean() })).extend({
  status: z.literal('success').describe("El cliente original exige status === 'success'."),
});

const leadRoutes: FastifyPluginAsyncZod<Pick<AppDeps, 'store' | 'config'>> = async (app, { store, config }) => {
  app.post(
    '/api/leads/add',
    {
      schema: {
        operationId: 'addLead',
        tags: ['leads'],
        summary: 'Registra un lead (descarga gratuita o suscripción al newsletter)',
        description: 'Idempotente con la cabecera Idempotency-Key: un reintento no escribe dos veces.',
        body: AddLeadBody,
        response: { 200: AddLeadResponse, ...errorResponses },
      },
    },
    async (request) => {
      const lead = request.body;
      if (!isLeadSource(lead.page, lead.section, lead.status)) throw new InvalidError(UNKNOWN_SOURCE);
      const streamId = visitorStreamId(lead.email);
      const result = await handleCommand(
        store,
        streamId,
        { initial: initialVisitorState, evolve: evolveVisitor },
        (state) => {
          const { events, sendWelcome } = decideCaptureLead(state, { ...lead, eventId: eventIdFor(request, 0) });
          return {
            events,
            jobs: sendWelcome ? [{ name: EMAIL_SEND, data: leadWelcomeEmail(lead, config.publicUrl) }] : [],
          };
        },
        { metadata: requestMetadata(request, 'visitor') },
      );
      const captured = result.events[0]!.data as { firstForSource: boolean };
      return {
        success: true as const,
        status: 'success' as const,
        message: '¡Listo! Ya puedes descargar tu archivo.',
        data: { firstForSource: captured.firstForSource },
      };
    },
  );
};

export default leadRoutes;
