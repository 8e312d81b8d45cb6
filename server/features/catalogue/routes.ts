// The catalogue (prices, crossed-out prices, spots, the retreat's dates): read by everyone (GET /api/catalogue), the
// one the sales pages show and the checkout charges; changed and restored by the coach (role 9), each save an event
// with its history.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOGUE_CURRENCY, CATALOGUE_FIELDS, CATALOGUE_MESSAGES, DEFAULT_CATALOGUE, type Catalogue } from '../../../course/catalogue';
import { catalogueFold, decideCatalogue, type CatalogueCommand, type CatalogueState } from '../../../events/catalogue/catalogue';
import { CATALOGUE_STREAM, CatalogueChanges } from '../../../events/catalogue/catalogue.events';
import { handleCommand } from '../../../events/store/command';
import type { EventStore } from '../../../events/store/event-store';
import { versionedReader } from '../../../events/store/versioned-values';
import { envelope, ErrorEnvelope, errorResponses, keyedWriteErrors } from '../../http';
import { eventIdFor, keyedWrite } from '../../request';
import { requireCoach } from '../coach/routes';

/** The catalogue every process reads: the spec's first values, then the coach's changes as they are appended. */
export function catalogueReader(store: Pick<EventStore, 'readStream'>, seed: Catalogue = DEFAULT_CATALOGUE) {
  return { seed, ...versionedReader(store, CATALOGUE_STREAM, catalogueFold(seed)) };
}
export type CatalogueReader = ReturnType<typeof catalogueReader>;

const price = z.number();
const CatalogueShape = z.object({
  courseAmount: price,
  courseOldAmount: price.nullable(),
  courseSpots: z.number().int().nullable(),
  ebookAmount: price,
  ebookOldAmount: price.nullable(),
  reprogramaSingle: price,
  reprogramaOldAmount: price.nullable(),
  reprogramaWeekly: price,
  purposeSession: price,
  purposeSessionOldAmount: price.nullable(),
  masterclassesMonthly: price,
  masterclassesOldAmount: price.nullable(),
  retreatTotal: price,
  retreatOldAmount: price.nullable(),
  retreatDeposit: price,
  retreatSpots: z.number().int().nullable(),
  retreatStart: z.string().nullable().describe('AAAA-MM-DD, o MM-DD mientras la coach no puso el año'),
  retreatEnd: z.string().nullable(),
}) satisfies z.ZodType<Catalogue>;
const PublicCatalogue = CatalogueShape.extend({
  version: z.number().describe('La versión del catálogo (cambia con cada cambio)'),
  currency: z.literal(CATALOGUE_CURRENCY),
});
const Change = z.object({
  version: z.number(),
  at: z.string(),
  by: z.string().nullable(),
  fields: z.array(z.enum(CATALOGUE_FIELDS)),
  changes: z.record(z.string(), z.union([z.number(), z.string()]).nullable()),
  restoredFrom: z.number().nullable(),
});
const CoachCatalogue = z.object({ version: z.number(), currency: z.literal(CATALOGUE_CURRENCY), catalogue: CatalogueShape, history: z.array(Change) });
const coachErrors = { ...errorResponses, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, ...keyedWriteErrors } as const;

export const publicCatalogue = (state: CatalogueState) => ({ ...state.values, version: state.version, currency: CATALOGUE_CURRENCY });

function coachView(state: CatalogueState) {
  return {
    version: state.version,
    currency: CATALOGUE_CURRENCY,
    catalogue: state.values,
    history: state.history
      .map((c) => ({
        version: c.version,
        at: c.at.toISOString(),
        by: c.by,
        fields: CATALOGUE_FIELDS.filter((f) => c.changes[f] !== undefined),
        changes: c.changes as Record<string, number | string | null>,
        restoredFrom: c.restoredFrom,
      }))
      .reverse(),
  };
}

const catalogueRoutes: FastifyPluginAsyncZod<{ store: EventStore; catalogue: CatalogueReader }> = async (app, { store, catalogue }) => {
  app.get(
    '/api/catalogue',
    {
      schema: {
        operationId: 'getCatalogue',
        tags: ['site'],
        summary: 'El catálogo: precios (en USD), precios anteriores, cupos y fechas del retiro; null en lo que no se muestra',
        response: { 200: envelope(PublicCatalogue), 304: z.null().describe('Sin cambios desde la versión que ya tienes (ETag)'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const state = await catalogue.current();
      const etag = `"catalogue-${state.version}"`;
      // Kept by browsers and proxies but asked again each time (a cheap 304): a new price shows on the next visit.
      reply.header('cache-control', 'public, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return { success: true as const, message: 'Catálogo.', data: publicCatalogue(state) };
    },
  );

  app.get(
    '/api/coach/catalogue',
    {
      schema: {
        operationId: 'coachGetCatalogue',
        tags: ['coach'],
        summary: 'El catálogo y su historial (cada cambio: versión, cuándo, quién, qué campos)',
        response: { 200: envelope(CoachCatalogue), ...coachErrors },
      },
    },
    async (request, reply) => {
      await requireCoach(request);
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, message: 'Catálogo.', data: coachView(await catalogue.current()) };
    },
  );

  const run = async (command: CatalogueCommand, coachId: string, request: Parameters<typeof keyedWrite>[0]) => {
    const result = await handleCommand(
      store,
      CATALOGUE_STREAM,
      catalogue.fold,
      (state) => ({ events: decideCatalogue(command, state, catalogue.seed) }),
      keyedWrite(request, coachId),
    );
    catalogue.remember(result.state);
    return result;
  };

  app.patch(
    '/api/coach/catalogue',
    {
      schema: {
        operationId: 'coachChangeCatalogue',
        tags: ['coach'],
        summary: 'Cambia el catálogo (solo los campos enviados; null quita un precio anterior, los cupos o las fechas)',
        body: CatalogueChanges,
        response: { 200: envelope(CoachCatalogue), ...coachErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const result = await run({ type: 'Change', changes: request.body, eventId: eventIdFor(request, 0) }, coach.id, request);
      return {
        success: true as const,
        message: result.events.length ? CATALOGUE_MESSAGES.saved : CATALOGUE_MESSAGES.unchanged,
        data: coachView(result.state),
      };
    },
  );

  app.post(
    '/api/coach/catalogue/restore',
    {
      schema: {
        operationId: 'coachRestoreCatalogue',
        tags: ['coach'],
        summary: 'Vuelve al catálogo de una versión anterior (un cambio más en el historial)',
        body: z.strictObject({ version: z.number('Elige una versión.').int('Elige una versión.').min(0, 'Elige una versión.') }),
        response: { 200: envelope(CoachCatalogue), ...coachErrors },
      },
    },
    async (request) => {
      const coach = await requireCoach(request);
      const result = await run({ type: 'Restore', version: request.body.version, eventId: eventIdFor(request, 0) }, coach.id, request);
      return {
        success: true as const,
        message: result.events.length ? CATALOGUE_MESSAGES.restored : CATALOGUE_MESSAGES.alreadyCurrent,
        data: coachView(result.state),
      };
    },
  );
};

export default catalogueRoutes;
