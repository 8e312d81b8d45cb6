// Inline read model: one row per letter (letters), the letter's own fold (evolveLetter) kept as a row, so the desk's
// list and the archive read it without folding streams.
import type { LetterSeries } from '../../../course/newsletter';
import { rowProjection } from '../../store/projection';
import { evolveLetter, type LetterState, type LetterStatus } from '../letters';
import { letterEvents, letterIdOf } from '../letters.events';

/** The table's columns, as a row travels to and from the fold (times as ISO text). */
export type LetterRow = LetterColumns & { [column: string]: string | null };
export interface LetterColumns {
  id: string;
  title: string;
  slug: string;
  series: LetterSeries;
  markdown: string;
  /** The media id of the letter's cover, or null. */
  cover: string | null;
  status: LetterStatus;
  published_on: string | null;
  created_at: string;
  updated_at: string;
}

const stateOf = (row: LetterRow | undefined): LetterState =>
  row
    ? {
        title: row.title,
        slug: row.slug,
        series: row.series,
        markdown: row.markdown,
        cover: row.cover,
        status: row.status,
        publishedOn: row.published_on,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }
    : { status: 'none' };

export const lettersProjection = rowProjection<LetterRow>({
  name: 'letters',
  mode: 'inline',
  table: 'letters',
  keyColumns: ['id'],
  eventTypes: letterEvents.map((e) => e.type),
  key: (e) => ({ id: letterIdOf(e.streamId) }),
  evolve: (row, e) => {
    const state = evolveLetter(stateOf(row), e);
    if (state.status === 'none') return null;
    return {
      id: letterIdOf(e.streamId),
      title: state.title,
      slug: state.slug,
      series: state.series,
      markdown: state.markdown,
      cover: state.cover,
      status: state.status,
      published_on: state.publishedOn,
      created_at: state.createdAt,
      updated_at: state.updatedAt,
    };
  },
});
