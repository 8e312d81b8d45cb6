// A newsletter letter as the coach writes it, and how the newsletter marks the visits it brings: shared by the
// server (which renders and sends it) and the browser (the editor's preview, the archive).
import { LETTER_SOURCE } from './campaigns';
import { requiredTextProblem } from './text';

/** The archive's two series; their slugs are the letters' URLs (/newsletter/<series>/<slug>). */
export const LETTER_SERIES = ['dean', 'meta'] as const;
export type LetterSeries = (typeof LETTER_SERIES)[number];

export type Letter = { title: string; slug: string; series: LetterSeries; markdown: string };

/** A letter with its cover: the id of an image of the coach's media library shown under the title and atop the mail, or null. */
export type LetterWithCover = Letter & { cover: string | null };

/** A letter as a request sends it: the cover only when it has one (a new letter without is a letter as before covers). */
export const letterBody = ({ cover, ...letter }: LetterWithCover): Letter & { cover?: string } => (cover ? { ...letter, cover } : letter);

/** A letter's address in the archive: /newsletter/<series>/<slug>. */
export const letterPath = (letter: Pick<Letter, 'series' | 'slug'>) => `/newsletter/${letter.series}/${letter.slug}`;

/**
 * The query every link of a letter to this site carries, so that the funnel attributes the visit (and a purchase
 * after it) to the letter; links elsewhere are left as written.
 */
export const letterUtm = (slug: string) => ({ utm_source: LETTER_SOURCE, utm_campaign: slug }) as const;

/** How each series is named in the archive and on the desk. */
export const LETTER_SERIES_LABELS: Record<LetterSeries, string> = {
  dean: 'Trabajo interior',
  meta: 'Metafísica y manifestación',
};

export const MAX_LETTER_TITLE = 140;
export const MAX_LETTER_SLUG = 80;
export const MAX_LETTER_MARKDOWN = 100_000;
/** Lowercase letters and digits in words joined by single hyphens: the last part of the letter's address. */
export const LETTER_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const LETTER_MESSAGES = {
  title: 'Escribe el título de la carta.',
  titleTooLong: `El título puede tener hasta ${MAX_LETTER_TITLE} caracteres.`,
  slug: 'Escribe la dirección de la carta: letras minúsculas sin tildes, números y guiones (por ejemplo volver-a-empezar).',
  slugTooLong: `La dirección puede tener hasta ${MAX_LETTER_SLUG} caracteres.`,
  series: 'Elige la serie de la carta.',
  markdown: 'Escribe el texto de la carta.',
  markdownTooLong: `El texto puede tener hasta ${MAX_LETTER_MARKDOWN.toLocaleString('es')} caracteres.`,
  slugTaken: 'Ya hay una carta con esa dirección en esta serie. Elige otra dirección.',
  notFound: 'No encontramos esa carta.',
  alreadyExists: 'Esta carta ya existe.',
  publishedAddress:
    'Esta carta ya está publicada: su dirección y su serie no cambian, para que los enlaces que ya circulan sigan funcionando. Retírala del archivo si necesitas moverla.',
  publishedOn: 'La fecha de publicación no es válida.',
  cover: 'Elige una imagen de tu biblioteca de medios como portada.',
  coverFormat: 'La portada también va en el correo, y muchos programas de correo no muestran WebP: elige una imagen JPEG o PNG.',
  tooManyTests: (wait: string) => `Ya te enviaste varias pruebas en la última hora. Podrás enviarte otra en ${wait}.`,
} as const;

export type LetterField = keyof Letter;

export const isLetterSeries = (value: unknown): value is LetterSeries => typeof value === 'string' && (LETTER_SERIES as readonly string[]).includes(value);

/**
 * What is wrong with one field of a letter, in Spanish (null: nothing). Plain checks (no schema library), so the
 * desk's editor says the same as the server under the same field.
 */
export function letterFieldProblem(field: LetterField, value: unknown): string | null {
  switch (field) {
    case 'title':
      return requiredTextProblem(value, MAX_LETTER_TITLE, { missing: LETTER_MESSAGES.title, tooLong: LETTER_MESSAGES.titleTooLong });
    case 'slug':
      if (typeof value !== 'string' || !LETTER_SLUG_PATTERN.test(value)) return LETTER_MESSAGES.slug;
      return value.length > MAX_LETTER_SLUG ? LETTER_MESSAGES.slugTooLong : null;
    case 'series':
      return isLetterSeries(value) ? null : LETTER_MESSAGES.series;
    case 'markdown':
      return requiredTextProblem(value, MAX_LETTER_MARKDOWN, { missing: LETTER_MESSAGES.markdown, tooLong: LETTER_MESSAGES.markdownTooLong }, 'body');
    default: {
      const _never: never = field;
      return _never;
    }
  }
}

export const LETTER_FIELDS = ['title', 'slug', 'series', 'markdown'] as const satisfies readonly LetterField[];

/** Every problem of the fields given (absent ones are not checked), by field. */
export function letterProblems(fields: Partial<Record<LetterField, unknown>>): Partial<Record<LetterField, string>> {
  const problems: Partial<Record<LetterField, string>> = {};
  for (const field of LETTER_FIELDS) {
    if (fields[field] === undefined) continue;
    const problem = letterFieldProblem(field, fields[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** A slug made from a title: accents dropped, lowercase, words joined by hyphens, cut at a word within the limit. */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_LETTER_SLUG) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, MAX_LETTER_SLUG) || '';
}
