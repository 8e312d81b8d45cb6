// The newsletter archive's words and formats: the two series as the archive names them, a letter's address and its
// date. The letters themselves come from the server (api/newsletter-queries.ts): published ones only, newest first.
import { LETTER_SERIES_LABELS, letterPath, type LetterSeries } from '../../../../course/newsletter';

export const CAMPAIGNS: Record<LetterSeries, { label: string; description: string }> = {
  dean: {
    label: LETTER_SERIES_LABELS.dean,
    description: 'Cartas sobre emociones, hábitos y la forma en que te hablas: el trabajo cotidiano, de adentro hacia afuera.',
  },
  meta: {
    label: LETTER_SERIES_LABELS.meta,
    description: 'Cartas sobre creencias, leyes universales y cómo lo que vibras por dentro toma forma por fuera.',
  },
};

/** A letter's page in the archive (the same address the server gives it). */
export const issuePath = letterPath;

const LONG_DATE = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' });

/** '2025-09-05' → '5 de septiembre de 2025' (es-ES, UTC, so no visitor's time zone moves the day). */
export function formatIssueDate(isoDate: string): string {
  return LONG_DATE.format(new Date(isoDate));
}
