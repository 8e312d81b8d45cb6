// The coach's subscriber list (role 9 only, like every /api/coach route: addresses are personal data): counts per
// status, search by a part of the address, a status filter, pages, and the same list as CSV. Read from the
// `subscribers` and `leads` read models; nothing is decrypted per row.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { SUBSCRIPTION_STATUSES, subscriberList, type SubscriberListRow, type SubscriptionStatus } from '../../../events/leads/queries';
import { envelope, ErrorEnvelope, errorResponses } from '../../http';
import { requireCoach } from '../coach/routes';
import { csvCell } from '../coach/sales';

const coachErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope } as const;

export const SUBSCRIBERS_PAGE_SIZE = 25;

const Filters = z.object({
  search: z.string().trim().max(100, 'La búsqueda puede tener hasta 100 caracteres.').optional().describe('Una parte del correo'),
  status: z.enum(SUBSCRIPTION_STATUSES, 'Ese estado no existe.').optional(),
});

const Subscriber = z.object({
  email: z.string(),
  name: z.string().describe('El nombre que dejó en el formulario'),
  status: z.enum(SUBSCRIPTION_STATUSES),
  requestedAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  source: z.string().describe("La página del formulario que pidió las cartas ('Newsletter Archive': el formulario del newsletter)"),
});

const STATUS_NAMES: Record<SubscriptionStatus, string> = { confirmed: 'Confirmada', pending: 'Pendiente', unsubscribed: 'Dada de baja', bounced: 'Rebotada' };
const sourceName = (source: string) => (source === 'Newsletter Archive' ? 'Formulario del newsletter' : `Casilla de la descarga (${source})`);

export const SUBSCRIBERS_CSV_HEADER = ['Correo', 'Nombre', 'Estado', 'Pedida', 'Confirmada', 'Baja', 'Origen'] as const;

const csvRow = (s: SubscriberListRow) =>
  [s.email, s.nick, STATUS_NAMES[s.status], s.requestedAt, s.confirmedAt, s.unsubscribedAt, sourceName(s.source)].map(csvCell).join(',');

const toSubscriber = ({ nick, ...rest }: SubscriberListRow) => ({ ...rest, name: nick });

const subscriberListRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool }> = async (app, { pool }) => {
  app.get(
    '/api/coach/subscribers',
    {
      schema: {
        operationId: 'coachListSubscribers',
        tags: ['coach'],
        summary: 'Las suscripciones al newsletter: cuántas hay de cada estado, búsqueda por correo, filtro por estado y páginas',
        querystring: Filters.extend({ page: z.coerce.number().int().min(1, 'La página empieza en 1.').max(100_000).default(1) }),
        response: {
          200: envelope(
            z.object({
              counts: z.object({ confirmed: z.number(), pending: z.number(), unsubscribed: z.number(), bounced: z.number() }),
              subscribers: z.array(Subscriber),
              total: z.number().describe('Cuántas coinciden con la búsqueda y el estado'),
              page: z.number(),
              pageSize: z.number(),
            }),
          ),
          ...coachErrors,
        },
      },
    },
    async (request) => {
      await requireCoach(request);
      const { page, ...filter } = request.query;
      const { rows, total, counts } = await subscriberList(pool, filter, { limit: SUBSCRIBERS_PAGE_SIZE, offset: (page - 1) * SUBSCRIBERS_PAGE_SIZE });
      return {
        success: true as const,
        message: 'Suscripciones.',
        data: { counts, subscribers: rows.map(toSubscriber), total, page, pageSize: SUBSCRIBERS_PAGE_SIZE },
      };
    },
  );

  app.get(
    '/api/coach/subscribers.csv',
    {
      schema: {
        operationId: 'coachExportSubscribers',
        tags: ['coach'],
        summary: 'Descarga las suscripciones filtradas en CSV (UTF-8 con BOM, para Excel)',
        querystring: Filters,
        response: coachErrors,
      },
    },
    async (request, reply) => {
      await requireCoach(request);
      const { rows } = await subscriberList(pool, request.query);
      const lines = [SUBSCRIBERS_CSV_HEADER.map(csvCell).join(','), ...rows.map(csvRow)];
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="suscripciones-${day}.csv"`)
        .send(`\uFEFF${lines.join('\r\n')}\r\n` as never);
    },
  );
};

export default subscriberListRoutes;
