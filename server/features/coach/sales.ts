// The coach's sales ledger (role 9 only): every purchase and payment with its state, buyer and funnel page,
// filtered and paged, as CSV too; revenue per product and month; and a held payment assigned to an account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_EMAIL } from '../../../course/contact';
import { ASSIGN_EMAIL, PRODUCT_IDS, PRODUCTS, SALE_STATE_NAMES, SALE_STATES, isProductId, type ProductId } from '../../../course/products';
import { ConflictError, InvalidError, NotFoundError } from '../../../events/errors';
import { decidePayments, PAYMENT_NOT_HELD, paymentFold, type PaymentsCommand } from '../../../events/payments/payments';
import { PaymentIdSchema, paymentStreamId } from '../../../events/payments/payments.events';
import { accountByEmail, allSales, revenueByMonth, saleOfPayment, salesLedger, type Sale, type SalesFilter } from '../../../events/payments/queries';
import { handleMultiStreamCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { EMAIL_SEND } from '../../../jobs/email/send-email';
import { envelope, ErrorEnvelope, errorResponses } from '../../http';
import { requireCoach } from './routes';

export { ASSIGN_EMAIL };
export const PAYMENT_NOT_FOUND = 'No encontramos ese pago.';
export const NO_ACCOUNT_WITH_EMAIL = 'No hay ninguna cuenta con ese correo. Revisa que esté bien escrito o pídele a la persona que se registre.';
export const ASSIGN_PRODUCT = 'Este pago no dice qué producto compró: elige el producto que corresponde.';
export const ASSIGN_OTHER_PRODUCT = 'Este pago ya dice qué producto compró: no se puede asignar como otro.';
export const RANGE_BACKWARDS = 'Elige una fecha de inicio anterior o igual a la de fin.';

const coachErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope } as const;
const isoDay = z.iso.date('Usa fechas AAAA-MM-DD.');

const Filters = z.object({
  state: z.enum(SALE_STATES, 'Ese estado no existe.').optional(),
  productId: z.enum(PRODUCT_IDS, 'Ese producto no existe.').optional(),
  from: isoDay.optional().describe('Desde este día (UTC), incluido: el día de la compra, o del pago si no hubo compra'),
  to: isoDay.optional().describe('Hasta este día (UTC), incluido'),
  search: z.string().trim().max(100, 'La búsqueda puede tener hasta 100 caracteres.').optional().describe('Nombre o correo de quien compró, o id del pago'),
});

const SaleSchema = z.object({
  id: z.string(),
  paymentId: z.string().nullable(),
  purchaseId: z.string().nullable(),
  state: z.enum(SALE_STATES),
  productId: z.string().describe("'' para un pago sin asignar que no nombra un producto"),
  amount: z.number(),
  currency: z.string(),
  buyer: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('account'), userId: z.string(), name: z.string().nullable(), email: z.string().nullable() }),
      z.object({ kind: z.literal('guest'), email: z.string().nullable() }),
    ])
    .nullable()
    .describe('null: nadie todavía (un pago sin asignar); name y email null: cuenta eliminada'),
  startedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
  source: z.string().nullable(),
  funnel: z.object({ page: z.string(), section: z.string() }).nullable().describe('La primera página del embudo de quien compró'),
});

const Revenue = z.object({ month: z.string(), productId: z.string(), currency: z.string(), approved: z.number(), reversed: z.number(), net: z.number() });

function filterOf(query: z.infer<typeof Filters>): SalesFilter {
  if (query.from && query.to && query.from > query.to) throw new InvalidError(RANGE_BACKWARDS);
  const { search, ...rest } = query;
  return { ...rest, ...(search ? { search } : {}) };
}

/** Spreadsheets run a cell that starts like a formula: such text is made plain with a leading apostrophe. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const SALES_CSV_HEADER = [
  'Estado',
  'Producto',
  'Monto',
  'Moneda',
  'Comprador',
  'Correo',
  'Tipo de comprador',
  'ID de pago',
  'ID de compra',
  'Iniciada',
  'Pagada',
  'Revertida',
  'Origen del pago',
  'Página de origen',
] as const;

const productName = (id: string) => (isProductId(id) ? PRODUCTS[id].name : id === '' ? 'Sin producto' : id);
const BUYER_KIND = { account: 'Cuenta', guest: 'Sin cuenta' } as const;
const SOURCE_NAMES: Record<string, string> = { confirm: 'Confirmación', webhook: 'Aviso de Mercado Pago', coach: 'Asignado por la coach', held: 'Sin asignar' };
const DELETED = 'Persona eliminada';

function csvRow(s: Sale): string {
  const deleted = s.buyer && s.buyer.email === null;
  const name = s.buyer?.kind === 'account' ? (s.buyer.name ?? DELETED) : deleted ? DELETED : '';
  return [
    SALE_STATE_NAMES[s.state],
    productName(s.productId),
    s.amount,
    s.currency,
    name,
    s.buyer?.email ?? '',
    s.buyer ? BUYER_KIND[s.buyer.kind] : '',
    s.paymentId,
    s.purchaseId,
    s.startedAt,
    s.paidAt,
    s.reversedAt,
    s.source ? (SOURCE_NAMES[s.source] ?? s.source) : '',
    s.funnel ? `/${s.funnel.page}${s.funnel.section ? ` (${s.funnel.section})` : ''}` : '',
  ]
    .map(csvCell)
    .join(',');
}

const salesRoutes: FastifyPluginAsyncZod<{ store: EventStore; pool: pg.Pool }> = async (app, { store, pool }) => {
  app.get(
    '/api/coach/sales',
    {
      schema: {
        operationId: 'coachListSales',
        tags: ['coach'],
        summary: 'Las ventas: cada compra y pago con su estado, quién compró y de qué página vino; cuántas hay por estado; ingresos por producto y mes',
        querystring: Filters.extend({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          offset: z.coerce.number().int().min(0).default(0),
        }),
        response: {
          200: envelope(
            z.object({
              sales: z.array(SaleSchema),
              total: z.number(),
              counts: z.object(Object.fromEntries(SALE_STATES.map((s) => [s, z.number()])) as Record<(typeof SALE_STATES)[number], z.ZodNumber>),
              revenue: z.array(Revenue),
            }),
          ),
          ...coachErrors,
        },
      },
    },
    async (request) => {
      await requireCoach(request);
      const { limit, offset, ...query } = request.query;
      const filter = filterOf(query);
      const [ledger, revenue] = await Promise.all([
        salesLedger(pool, filter, { limit, offset }),
        revenueByMonth(pool, { productId: filter.productId, from: filter.from, to: filter.to }),
      ]);
      return { success: true as const, message: 'Ventas.', data: { ...ledger, revenue } };
    },
  );

  app.get(
    '/api/coach/sales.csv',
    {
      schema: {
        operationId: 'coachExportSales',
        tags: ['coach'],
        summary: 'Descarga las ventas filtradas en CSV (UTF-8 con BOM, para Excel)',
        querystring: Filters,
        response: coachErrors,
      },
    },
    async (request, reply) => {
      await requireCoach(request);
      const sales = await allSales(pool, filterOf(request.query));
      const lines = [SALES_CSV_HEADER.map(csvCell).join(','), ...sales.map(csvRow)];
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ventas-${day}.csv"`)
        .send(`\uFEFF${lines.join('\r\n')}\r\n` as never);
    },
  );

  app.post(
    '/api/coach/sales/:paymentId/assign',
    {
      schema: {
        operationId: 'coachAssignPayment',
        tags: ['coach'],
        summary: 'Asigna un pago sin asignar a una cuenta (por su correo): le da lo comprado y le escribe',
        params: z.object({ paymentId: PaymentIdSchema.describe('El id del pago en Mercado Pago') }),
        body: z.strictObject({
          email: z.string(ASSIGN_EMAIL).trim().min(1, ASSIGN_EMAIL).max(MAX_EMAIL, ASSIGN_EMAIL).regex(EMAIL_PATTERN, ASSIGN_EMAIL),
          productId: z.enum(PRODUCT_IDS, 'Ese producto no existe.').optional().describe('Solo para un pago que no nombra su producto'),
        }),
        response: { 200: envelope(SaleSchema), ...coachErrors, 404: ErrorEnvelope, 409: ErrorEnvelope },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const { paymentId } = request.params;
      const state = (await store.readStream(paymentStreamId(paymentId))).reduce(paymentFold.evolve, paymentFold.initial);
      if (!state.held && !state.confirmed) throw new NotFoundError(PAYMENT_NOT_FOUND);
      if (!state.held || state.confirmed || state.reversed) throw new ConflictError(PAYMENT_NOT_HELD);
      const named = state.held.productId;
      const { email, productId: chosen } = request.body;
      if (named && chosen && chosen !== named) throw new InvalidError(ASSIGN_OTHER_PRODUCT);
      const productId: ProductId | undefined = named ?? chosen;
      if (!productId) throw new InvalidError(ASSIGN_PRODUCT);
      const account = await accountByEmail(pool, email);
      if (!account) throw new NotFoundError(NO_ACCOUNT_WITH_EMAIL);

      const command: PaymentsCommand = { type: 'AssignPayment', paymentId, userId: account.userId, productId };
      await handleMultiStreamCommand(
        store,
        paymentStreamId(paymentId),
        paymentFold,
        (current) => ({ writes: decidePayments(command, current), jobs: [{ name: EMAIL_SEND, data: { kind: 'purchase-granted' as const, paymentId } }] }),
        { metadata: { actor: coach.id, requestId: request.id } },
      );
      request.log.info({ paymentId, productId }, 'held payment assigned by the coach');
      const sale = (await saleOfPayment(pool, paymentId))!;
      return { success: true as const, message: `Listo: el pago quedó asignado a ${account.name} y ya tiene su acceso. Le avisamos por correo.`, data: sale };
    },
  );
};

export default salesRoutes;
