// The catalogue: every price, crossed-out price, spot count and date the sales pages show and the checkout charges,
// in one place, with its rules and its Spanish messages (shared by the coach's desk and the server). Its first values
// are the spec's (course/products.ts); the coach changes them from /coach/catalogo.
import { PRODUCTS, QUOTED_PRICES, type ProductId } from './products';

/** Every price of the catalogue is in US dollars (the spec quotes them so, and the checkout charges so). */
export const CATALOGUE_CURRENCY = 'USD' as const;
/** A sane ceiling for one price: a typo of a few extra zeros is refused, not published. */
export const MAX_AMOUNT = 100_000;
export const MAX_SPOTS = 10_000;

/** Prices every offer always has. */
export const AMOUNT_FIELDS = [
  'courseAmount',
  'ebookAmount',
  'reprogramaSingle',
  'reprogramaWeekly',
  'purposeSession',
  'masterclassesMonthly',
  'retreatTotal',
  'retreatDeposit',
] as const;
/** Crossed-out former prices, each of one price (none: not shown). */
export const OLD_AMOUNT_OF = {
  courseOldAmount: 'courseAmount',
  ebookOldAmount: 'ebookAmount',
  reprogramaOldAmount: 'reprogramaSingle',
  purposeSessionOldAmount: 'purposeSession',
  masterclassesOldAmount: 'masterclassesMonthly',
  retreatOldAmount: 'retreatTotal',
} as const;
export const OLD_AMOUNT_FIELDS = Object.keys(OLD_AMOUNT_OF) as (keyof typeof OLD_AMOUNT_OF)[];
/** Spots left (none: the page does not speak of spots). */
export const SPOT_FIELDS = ['courseSpots', 'retreatSpots'] as const;
/** The retreat's first and last day: `YYYY-MM-DD`, or `MM-DD` while the coach has not given the year. */
export const DATE_FIELDS = ['retreatStart', 'retreatEnd'] as const;

export const CATALOGUE_FIELDS = [...AMOUNT_FIELDS, ...OLD_AMOUNT_FIELDS, ...SPOT_FIELDS, ...DATE_FIELDS] as const;
export type CatalogueField = (typeof CATALOGUE_FIELDS)[number];
type AmountField = (typeof AMOUNT_FIELDS)[number];
type OldAmountField = keyof typeof OLD_AMOUNT_OF;
type SpotField = (typeof SPOT_FIELDS)[number];
type DateField = (typeof DATE_FIELDS)[number];

export type Catalogue = Record<AmountField, number> & Record<OldAmountField | SpotField, number | null> & Record<DateField, string | null>;

/**
 * What a fresh install shows: the spec's prices (course/products.ts), the course's «only 3 spots», the retreat's
 * 14–16 November without a year (the spec gives none); no retreat spot count (the spec gives none).
 */
export const DEFAULT_CATALOGUE: Catalogue = {
  courseAmount: PRODUCTS['manifiesta-curso-completo'].amount,
  ebookAmount: PRODUCTS['afirmaciones-ebook'].amount,
  reprogramaSingle: QUOTED_PRICES.reprogramaSingle.amount,
  reprogramaWeekly: QUOTED_PRICES.reprogramaWeekly.amount,
  purposeSession: QUOTED_PRICES.purposeSession.amount,
  masterclassesMonthly: QUOTED_PRICES.masterclassesMonthly.amount,
  retreatTotal: QUOTED_PRICES.retreatTotal.amount,
  retreatDeposit: QUOTED_PRICES.retreatDeposit.amount,
  courseOldAmount: PRODUCTS['manifiesta-curso-completo'].listAmount,
  ebookOldAmount: PRODUCTS['afirmaciones-ebook'].listAmount,
  reprogramaOldAmount: null,
  purposeSessionOldAmount: null,
  masterclassesOldAmount: null,
  retreatOldAmount: null,
  courseSpots: 3,
  retreatSpots: null,
  retreatStart: '11-14',
  retreatEnd: '11-16',
};

/** What our checkout charges for each product, and the price it shows crossed out. */
export const PRODUCT_PRICE_FIELDS: Record<ProductId, { amount: AmountField; old: OldAmountField }> = {
  'manifiesta-curso-completo': { amount: 'courseAmount', old: 'courseOldAmount' },
  'afirmaciones-ebook': { amount: 'ebookAmount', old: 'ebookOldAmount' },
};

/** A product's price now, as the checkout charges it and the pages show it. */
export const productPrice = (catalogue: Catalogue, productId: ProductId) => ({
  amount: catalogue[PRODUCT_PRICE_FIELDS[productId].amount],
  currency: CATALOGUE_CURRENCY,
});

/** What each field is called where the coach reads it (the desk's labels, the errors, the history). */
export const CATALOGUE_LABELS: Record<CatalogueField, string> = {
  courseAmount: 'Precio del curso Manifiesta',
  courseOldAmount: 'Precio anterior del curso',
  courseSpots: 'Cupos disponibles del curso',
  ebookAmount: 'Precio del ebook de afirmaciones',
  ebookOldAmount: 'Precio del ebook en la tienda online',
  reprogramaSingle: 'Precio de Reprograma en un pago',
  reprogramaOldAmount: 'Precio anterior de Reprograma',
  reprogramaWeekly: 'Pago semanal de Reprograma',
  purposeSession: 'Precio de la sesión de propósito',
  purposeSessionOldAmount: 'Precio anterior de la sesión',
  masterclassesMonthly: 'Precio mensual de las masterclasses',
  masterclassesOldAmount: 'Precio anterior de las masterclasses',
  retreatTotal: 'Precio total del retiro',
  retreatOldAmount: 'Precio anterior del retiro',
  retreatDeposit: 'Anticipo para reservar el retiro',
  retreatStart: 'Primer día del retiro',
  retreatEnd: 'Último día del retiro',
  retreatSpots: 'Lugares que quedan en el retiro',
};

export const CATALOGUE_MESSAGES = {
  amount: (label: string) => `${label}: escribe un monto mayor que 0, con hasta 2 decimales (por ejemplo 270 o 17,50).`,
  tooHigh: (label: string) => `${label}: el monto no puede pasar de ${MAX_AMOUNT.toLocaleString('es')} USD.`,
  required: (label: string) => `${label} no puede quedar vacío.`,
  oldNotHigher: (label: string) => `${label} tiene que ser mayor que el precio actual (si no, déjalo vacío).`,
  depositTooHigh: 'El anticipo no puede ser mayor que el precio total del retiro.',
  spots: (label: string) => `${label}: escribe un número entero, 0 o más (o déjalo vacío para no mostrarlo).`,
  date: (label: string) => `${label}: elige una fecha válida.`,
  datesTogether: 'Pon las dos fechas del retiro (el primer y el último día), o ninguna.',
  sameYearKind: 'Pon el año en las dos fechas del retiro.',
  endBeforeStart: 'El último día del retiro no puede ser antes del primero.',
  unknownField: 'Ese dato no es parte del catálogo.',
  saved: 'Catálogo guardado. Las páginas de venta ya muestran los nuevos valores.',
  unchanged: 'No había cambios que guardar.',
  restored: 'Restauraste esa versión del catálogo.',
  alreadyCurrent: 'El catálogo ya es el de esa versión.',
  versionNotFound: 'No existe esa versión del catálogo.',
} as const;

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_DAY = /^(\d{2})-(\d{2})$/;

/** Whether a date is a real day, as `YYYY-MM-DD` or (the year left to the coach) `MM-DD`. */
export function isCatalogueDate(value: string): boolean {
  const full = FULL_DATE.exec(value);
  const short = full ? null : MONTH_DAY.exec(value);
  if (!full && !short) return false;
  // A year-less day is checked in a leap year, so 29 February stays possible.
  const [y, m, d] = full ? [Number(full[1]), Number(full[2]), Number(full[3])] : [2000, Number(short![1]), Number(short![2])];
  if (y < 2000 || y > 2100) return false;
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

const isAmountField = (field: CatalogueField): field is AmountField => (AMOUNT_FIELDS as readonly string[]).includes(field);
const isSpotField = (field: CatalogueField): field is SpotField => (SPOT_FIELDS as readonly string[]).includes(field);
const isDateField = (field: CatalogueField): field is DateField => (DATE_FIELDS as readonly string[]).includes(field);

/**
 * What is wrong with one field's new value, in Spanish and naming the field (null: nothing). Null clears a crossed-out
 * price, the spots or a date; a price itself can never be cleared. Plain checks (no schema library), so the sales
 * pages that read the catalogue's constants carry no validator in their bundle.
 */
export function catalogueFieldProblem(field: CatalogueField, value: unknown): string | null {
  const label = CATALOGUE_LABELS[field];
  if (value === null) return isAmountField(field) ? CATALOGUE_MESSAGES.required(label) : null;
  if (isDateField(field)) return typeof value === 'string' && isCatalogueDate(value) ? null : CATALOGUE_MESSAGES.date(label);
  if (typeof value !== 'number' || !Number.isFinite(value)) return isSpotField(field) ? CATALOGUE_MESSAGES.spots(label) : CATALOGUE_MESSAGES.amount(label);
  if (isSpotField(field)) return Number.isInteger(value) && value >= 0 && value <= MAX_SPOTS ? null : CATALOGUE_MESSAGES.spots(label);
  if (value <= 0 || !twoDecimals(value)) return CATALOGUE_MESSAGES.amount(label);
  return value > MAX_AMOUNT ? CATALOGUE_MESSAGES.tooHigh(label) : null;
}

/** One change of the catalogue: only the fields that change; null clears an optional one (a price never). */
export type CatalogueChangesT = Partial<Record<AmountField, number>> &
  Partial<Record<OldAmountField | SpotField, number | null>> &
  Partial<Record<DateField, string | null>>;

export interface CatalogueProblem {
  field: CatalogueField | null;
  message: string;
}

/** The catalogue with some fields changed (undefined: unchanged). */
export function applyCatalogue(catalogue: Catalogue, changes: Partial<Record<CatalogueField, unknown>>): Catalogue {
  const next = { ...catalogue } as Record<CatalogueField, unknown>;
  for (const field of CATALOGUE_FIELDS) if (changes[field] !== undefined) next[field] = changes[field];
  return next as Catalogue;
}

/** The rules between fields, over a whole catalogue: each crossed-out price above its price, the deposit within the total, the dates in order. */
export function catalogueProblems(c: Catalogue): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const old of OLD_AMOUNT_FIELDS) {
    const value = c[old];
    if (value !== null && value <= c[OLD_AMOUNT_OF[old]]) problems.push({ field: old, message: CATALOGUE_MESSAGES.oldNotHigher(CATALOGUE_LABELS[old]) });
  }
  if (c.retreatDeposit > c.retreatTotal) problems.push({ field: 'retreatDeposit', message: CATALOGUE_MESSAGES.depositTooHigh });
  const { retreatStart: start, retreatEnd: end } = c;
  if ((start === null) !== (end === null)) problems.push({ field: start === null ? 'retreatStart' : 'retreatEnd', message: CATALOGUE_MESSAGES.datesTogether });
  else if (start !== null && end !== null) {
    if (FULL_DATE.test(start) !== FULL_DATE.test(end)) problems.push({ field: 'retreatEnd', message: CATALOGUE_MESSAGES.sameYearKind });
    else if (end < start) problems.push({ field: 'retreatEnd', message: CATALOGUE_MESSAGES.endBeforeStart });
  }
  return problems;
}

/**
 * A change checked field by field and against the catalogue it would leave: the changes as stored, or every problem
 * found (each in Spanish, naming its field). Nothing is written unless there is none.
 */
export function checkCatalogueChange(
  current: Catalogue,
  body: Partial<Record<string, unknown>>,
): { ok: true; changes: CatalogueChangesT } | { ok: false; problems: CatalogueProblem[] } {
  const unknown = Object.keys(body).filter((k) => !(CATALOGUE_FIELDS as readonly string[]).includes(k));
  if (unknown.length) return { ok: false, problems: [{ field: null, message: CATALOGUE_MESSAGES.unknownField }] };
  const problems: CatalogueProblem[] = [];
  const changes: Record<string, unknown> = {};
  for (const field of CATALOGUE_FIELDS) {
    if (body[field] === undefined) continue;
    const message = catalogueFieldProblem(field, body[field]);
    if (message) problems.push({ field, message });
    else changes[field] = body[field];
  }
  if (problems.length) return { ok: false, problems };
  const crossed = catalogueProblems(applyCatalogue(current, changes));
  return crossed.length ? { ok: false, problems: crossed } : { ok: true, changes: changes as CatalogueChangesT };
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

function parts(value: string) {
  const full = FULL_DATE.exec(value);
  if (full) return { year: Number(full[1]), month: Number(full[2]), day: Number(full[3]) };
  const [, m, d] = MONTH_DAY.exec(value)!;
  return { year: null, month: Number(m), day: Number(d) };
}

/**
 * The retreat's dates as the page says them: «Del 14 al 16 de noviembre» (the year and the weekdays only when the
 * coach gave the year: without it, the weekdays are unknown); null while she has not set them.
 */
export function formatDateRange(start: string | null, end: string | null): { range: string; weekdays: string | null } | null {
  if (!start || !end) return null;
  const a = parts(start);
  const b = parts(end);
  const year = (y: number | null) => (y === null ? '' : ` de ${y}`);
  const range =
    a.month === b.month && a.year === b.year
      ? `del ${a.day} al ${b.day} de ${MONTHS[b.month - 1]}${year(b.year)}`
      : a.year === b.year
        ? `del ${a.day} de ${MONTHS[a.month - 1]} al ${b.day} de ${MONTHS[b.month - 1]}${year(b.year)}`
        : `del ${a.day} de ${MONTHS[a.month - 1]}${year(a.year)} al ${b.day} de ${MONTHS[b.month - 1]}${year(b.year)}`;
  const weekday = (p: ReturnType<typeof parts>) => WEEKDAYS[new Date(Date.UTC(p.year!, p.month - 1, p.day)).getUTCDay()];
  const weekdays = a.year !== null && b.year !== null && start !== end ? `de ${weekday(a)} a ${weekday(b)}` : null;
  return { range, weekdays };
}
