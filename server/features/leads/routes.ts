// POST /api/leads/add: a visitor leaves name and e-mail for a free download or the newsletter.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvalidError } from '../../../events/errors';
import { decideLeads, isSubscription, visitorFold, visitorStreamId, type LeadsCommand } from '../../../events/leads/leads';
import {
  EMAIL_PATTERN,
  FUNNEL_PAGES,
  isLeadSource,
  LeadCaptured,
  LEAD_PAGES,
  LEAD_SECTIONS,
  LEAD_STATUSES,
  MAX_EMAIL,
  SubscriptionRequested,
  visitStreamId,
} from '../../../events/leads/leads.events';
import { MAIL_SOURCES, MAX_CAMPAIGN, mailCampaign } from '../../../course/campaigns';
import { MAX_NAME, MIN_NAME, NAME_MESSAGE, normaliseName, plainName } from '../../../course/contact';
import { subscriberOf } from '../../../events/leads/queries';
import { handleCommand } from '../../../events/store/command';
import { EMAIL_SEND, type MailJob } from '../../../jobs/email/send-email';
import type { AppDeps } from '../../deps';
import { envelope, errorResponses, keyedWriteErrors } from '../../http';
import { eventIdFor, keyedWrite } from '../../request';
import { ensureVisitorId, optedOut, visitorIdOf } from './visitor';

const UNKNOWN_SOURCE = 'Página, sección o estado de descarga desconocidos.';

const AddLeadBody = z.strictObject({
  email: z.string('Ingresa un email válido.').trim().max(MAX_EMAIL, 'Ingresa un email válido.').regex(EMAIL_PATTERN, 'Ingresa un email válido.'),
  // Only a plain, short name: it is the one thing a visitor types that a mail from us repeats, and the
  // address it goes to may be someone else's.
  nick: z
    .string('Tu nombre es obligatorio.')
    .overwrite(normaliseName)
    .min(1, 'Tu nombre es obligatorio.')
    .max(MAX_NAME, NAME_MESSAGE)
    .refine((nick) => plainName(nick) !== null, NAME_MESSAGE)
    .describe(
      `Solo un nombre: letras de cualquier idioma, espacios, apóstrofos y guiones (un punto solo tras una inicial), de ${MIN_NAME} a ${MAX_NAME} caracteres.`,
    ),
  page: z.enum(LEAD_PAGES, UNKNOWN_SOURCE),
  section: z.enum(LEAD_SECTIONS, UNKNOWN_SOURCE),
  status: z.enum(LEAD_STATUSES, UNKNOWN_SOURCE),
  newsletter: z
    .boolean('Indica con sí o no si quieres recibir las cartas del newsletter.')
    .optional()
    .describe('La casilla de los formularios de descarga: pide también las cartas (con confirmación por correo). Por omisión, no.'),
});

export const LEAD_MESSAGES = {
  downloaded: '¡Listo! Ya puedes descargar tu archivo.',
  downloadedAndSubscribed: '¡Listo! Ya puedes descargar tu archivo. Y revisa tu correo: te enviamos un enlace para confirmar tu suscripción a las cartas.',
  /** Double opt-in (decision 0016): nothing is sent to the address until its owner confirms. */
  subscribed: 'Revisa tu correo para confirmar tu suscripción: te enviamos un enlace. Hasta que lo abras, no te escribiremos.',
  confirmationPending:
    'Ya te enviamos el enlace para confirmar tu suscripción hace menos de una hora. Revisa tu correo, también la carpeta de spam o promociones.',
  alreadySubscribed: 'Ya estabas suscrito al newsletter con este correo. ¡Gracias por seguir aquí!',
} as const;

const AddLeadResponse = envelope(z.object({ firstForSource: z.boolean() })).extend({
  status: z.literal('success').describe("El cliente original exige status === 'success'."),
});

const leadRoutes: FastifyPluginAsyncZod<Pick<AppDeps, 'store' | 'pool' | 'config'>> = async (app, { store, pool, config }) => {
  app.post(
    '/api/leads/add',
    {
      config: { rateLimit: { max: config.LEAD_RATE_LIMIT_PER_IP, timeWindow: '1 minute' } },
      schema: {
        operationId: 'addLead',
        tags: ['leads'],
        summary: 'Registra un lead (descarga gratuita o suscripción al newsletter)',
        description: 'Idempotente con la cabecera Idempotency-Key: un reintento no escribe dos veces.',
        body: AddLeadBody,
        response: { 200: AddLeadResponse, ...errorResponses, ...keyedWriteErrors },
      },
    },
    async (request, reply) => {
      const lead = request.body;
      if (!isLeadSource(lead.page, lead.section, lead.status)) throw new InvalidError(UNKNOWN_SOURCE);
      // A lead is given knowingly, so it carries the visitor id even under DNT; no new cookie is set then.
      const visitorId = optedOut(request) ? visitorIdOf(request) : ensureVisitorId(request, reply, config.cookieSecure);
      const streamId = visitorStreamId(lead.email);
      // A forgotten address's stream still folds to its old subscription; its missing row says it has none.
      const listed = isSubscription(lead.page) || lead.newsletter ? (await subscriberOf(pool, streamId)) !== undefined : undefined;
      const command: LeadsCommand = {
        type: 'CaptureLead',
        ...lead,
        eventId: eventIdFor(request, 0),
        nextEventId: eventIdFor(request, 1),
        visitorId,
        now: new Date(),
        listed,
      };
      const result = await handleCommand(
        store,
        streamId,
        visitorFold,
        (state) => {
          const { events, mails } = decideLeads(command, state);
          // The job names the lead by its stream: the worker reads the address and name when it sends.
          const jobs = mails.map((mail): MailJob =>
            mail === 'welcome'
              ? { kind: 'lead-welcome', leadId: streamId, page: lead.page, section: lead.section }
              : { kind: 'newsletter-confirm', leadId: streamId },
          );
          return { events, jobs: jobs.map((data) => ({ name: EMAIL_SEND, data })) };
        },
        { ...keyedWrite(request, 'visitor'), usuallyNew: true },
      );
      const captured = result.events.find((e) => e.type === LeadCaptured.type)?.data as { firstForSource: boolean } | undefined;
      const requested = result.events.some((e) => e.type === SubscriptionRequested.type);
      const message = !isSubscription(lead.page)
        ? requested
          ? LEAD_MESSAGES.downloadedAndSubscribed
          : LEAD_MESSAGES.downloaded
        : requested
          ? LEAD_MESSAGES.subscribed
          : result.state.subscription.status === 'pending'
            ? LEAD_MESSAGES.confirmationPending
            : LEAD_MESSAGES.alreadySubscribed;
      return { success: true as const, status: 'success' as const, message, data: { firstForSource: captured?.firstForSource ?? false } };
    },
  );

  app.post(
    '/api/leads/view',
    {
      config: { rateLimit: { max: config.LEAD_RATE_LIMIT_PER_IP * 4, timeWindow: '1 minute' } },
      schema: {
        operationId: 'viewLeadPage',
        tags: ['leads'],
        summary: 'Cuenta una visita a una página pública (embudo). No se registra con Do-Not-Track o GPC.',
        body: z.strictObject({
          page: z.enum(FUNNEL_PAGES, 'Página desconocida.'),
          section: z.string().trim().min(1).max(60).optional(),
          // Any strings: what the page's address said is never the visitor's error; a value not ours is left out.
          utm: z
            .strictObject({ source: z.string(), campaign: z.string() })
            .optional()
            .describe(
              `utm_source y utm_campaign de la dirección de la página. Solo se guardan si son de nuestros correos (${MAIL_SOURCES.join(', ')}) y la campaña es un token corto (minúsculas, números y guiones, hasta ${MAX_CAMPAIGN}); si no, la visita se registra sin campaña.`,
            ),
        }),
        response: { 200: envelope(z.object({ recorded: z.boolean() })), ...errorResponses, ...keyedWriteErrors },
      },
    },
    async (request, reply) => {
      if (optedOut(request)) return { success: true as const, message: 'Respetamos tu preferencia: esta visita no se registra.', data: { recorded: false } };
      const visitorId = ensureVisitorId(request, reply, config.cookieSecure);
      const command: LeadsCommand = {
        type: 'RecordPageView',
        visitorId,
        page: request.body.page,
        section: request.body.section,
        utm: request.body.utm && mailCampaign(request.body.utm.source, request.body.utm.campaign),
        eventId: eventIdFor(request, 0),
      };
      await handleCommand(store, visitStreamId(visitorId), visitorFold, (state) => ({ events: decideLeads(command, state).events }), {
        ...keyedWrite(request, 'visitor'),
        anyVersion: true,
      });
      return { success: true as const, message: 'Visita registrada.', data: { recorded: true } };
    },
  );
};

export default leadRoutes;
