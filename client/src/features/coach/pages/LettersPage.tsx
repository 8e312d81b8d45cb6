// /coach/newsletter: her letters, the last one she changed first, each a draft or published on its day; «Nueva
// carta» opens the editor (LetterEditorPage).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LETTER_SERIES_LABELS } from '../../../../../course/newsletter';
import { ButtonLink } from '../../../components/Button/Button';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import { letterQueries, type LetterSummary } from '../api/letters-queries';
import styles from '../coach.module.css';
import { LoadError } from '../components/LoadError';
import { formatDay } from '../lib/format';
import own from './LettersPage.module.css';

/** «Borrador», or «Publicada el 5 de septiembre de 2025». */
export const letterStatus = (letter: Pick<LetterSummary, 'status' | 'publishedOn'>) =>
  letter.status === 'published' && letter.publishedOn ? `Publicada el ${formatDay(letter.publishedOn)}` : 'Borrador';

export function LettersPage() {
  const query = useQuery(letterQueries.list());
  return (
    <div className={styles.page}>
      <title>Newsletter · Manifiesta</title>
      <header className={styles.pageHead}>
        <p className="eyebrow">Panel de la coach</p>
        <h1>Newsletter</h1>
        <p className={styles.lead}>Tus cartas: escríbelas, mira cómo se ven en el archivo y en el correo, y publícalas cuando estén listas.</p>
      </header>
      <div>
        <ButtonLink to="/coach/newsletter/nueva">Nueva carta</ButtonLink>
      </div>
      {query.isPending ? (
        <Skeleton shape="generic" part="body" />
      ) : query.isError ? (
        <LoadError error={query.error} retry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className={styles.emptyState}>Todavía no escribiste ninguna carta. Empieza con «Nueva carta».</p>
      ) : (
        <ul className={own.list} aria-label="Tus cartas">
          {query.data.map((letter) => (
            <li key={letter.id} className={own.item}>
              <Link to={`/coach/newsletter/${letter.id}`} className={own.title}>
                {letter.title}
              </Link>
              <span className={own.meta}>
                {LETTER_SERIES_LABELS[letter.series]} · {letterStatus(letter)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
