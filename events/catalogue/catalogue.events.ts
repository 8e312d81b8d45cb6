// The catalogue's changes, one stream for the whole site (prices, crossed-out prices, spots, the retreat's dates):
// each save records only the fields that changed (null: cleared), the coach as its actor.
import { z } from 'zod';
import {
  AMOUNT_FIELDS,
  catalogueFieldProblem,
  DATE_FIELDS,
  OLD_AMOUNT_FIELDS,
  SPOT_FIELDS,
  type CatalogueChangesT,
  type CatalogueField,
} from '../../course/catalogue';
import { defineEvent } from '../store/catalog';

export const CATALOGUE_STREAM = 'catalogue';

/** One field's value, checked by the catalogue's own rule (course/catalogue.ts) so the API and the desk say the same. */
const checked = <T extends z.ZodType>(field: CatalogueField, base: T) =>
  base.superRefine((value, ctx) => {
    const message = catalogueFieldProblem(field, value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
const typeError = (field: CatalogueField) => (issue: { input?: unknown }) => catalogueFieldProblem(field, issue.input) ?? undefined;
const number = (field: CatalogueField) => checked(field, z.number({ error: typeError(field) }));
const date = (field: CatalogueField) => checked(field, z.string({ error: typeError(field) }));

/** One change of the catalogue: only the fields that change; null clears an optional one (a price never). */
export const CatalogueChanges: z.ZodType<CatalogueChangesT> = z.strictObject({
  ...Object.fromEntries(AMOUNT_FIELDS.map((f) => [f, number(f).optional()])),
  ...Object.fromEntries(OLD_AMOUNT_FIELDS.map((f) => [f, number(f).nullable().optional()])),
  ...Object.fromEntries(SPOT_FIELDS.map((f) => [f, number(f).nullable().optional()])),
  ...Object.fromEntries(DATE_FIELDS.map((f) => [f, date(f).nullable().optional()])),
}) as unknown as z.ZodType<CatalogueChangesT>;

// Not personal: public prices and dates the coach publishes (events/personal-fields.test.ts says so).
export const CatalogueChanged = defineEvent(
  'CatalogueChanged',
  1,
  z.strictObject({
    changes: CatalogueChanges,
    /** A restore: the version whose catalogue these changes bring back. */
    restoredFrom: z.number().int().min(0).optional(),
  }),
);

export const catalogueEvents = [CatalogueChanged] as const;
