// /newsletter/{series}/{slug}: one published letter, read from the server (its body already sanitized there);
// 'Newsletter no encontrado.' when no published letter has that address.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../api/errors';
import { ButtonLink } from '../../../components/Button/Button';
import { Loading } from '../../../components/Loading/Loading';
import { Picture } from '../../../components/Picture/Picture';
import { LETTER_ERROR, newsletterQueries, type PublicLetter } from '../api/newsletter-queries';
import { CAMPAIGNS, formatIssueDate } from '../archive';
import { SubscribeForm } from '../components/SubscribeForm';
import messages from '../components/messages.module.css';
import styles from './NewsletterPages.module.css';
import '../../../styles/letter-body.css';

const NOT_FOUND = 'Newsletter no encontrado.';

/** The cover spans the reading column: the page's width less its padding on a phone, the column's at most. */
const COVER_SIZES = '(min-width: 42rem) 40rem, calc(100vw - 2rem)';

export function NewsletterIssuePage() {
  const { campaign = '', slug = '' } = useParams();
  const letter = useQuery(newsletterQueries.letter(campaign, slug));
  const missing = letter.error instanceof ApiError && letter.error.status === 404;
  return (
    <div className={styles.page}>
      {letter.isPending ? <Loading /> : null}
      {missing ? <LetterNotFound /> : null}
      {letter.isError && !missing ? (
        <p className={messages.error} role="alert">
          {LETTER_ERROR}
        </p>
      ) : null}
      {letter.data ? <Letter letter={letter.data} /> : null}
      <ButtonLink to="/newsletter" variant="secondary" className={styles.back}>
        Volver al newsletter
      </ButtonLink>
      <SubscribeForm />
    </div>
  );
}

function LetterNotFound() {
  return (
    <section className={styles.notFound}>
      <title>Newsletter no encontrado · Manifiesta</title>
      <h1 className={styles.notFoundTitle}>{NOT_FOUND}</h1>
      <p className={styles.notFoundText}>Puede que el enlace esté incompleto. Todas las cartas publicadas están en el archivo.</p>
    </section>
  );
}

function Letter({ letter }: { letter: PublicLetter }) {
  return (
    <article className={styles.letter} aria-labelledby="newsletter-letter-title">
      <title>{`${letter.title} · Newsletter · Manifiesta`}</title>
      <header className={styles.letterHeader}>
        <p className="eyebrow">{CAMPAIGNS[letter.series].label}</p>
        <h1 id="newsletter-letter-title" className={styles.letterTitle}>
          {letter.title}
        </h1>
        <time className={styles.letterDate} dateTime={letter.publishedOn}>
          {formatIssueDate(letter.publishedOn)}
        </time>
      </header>
      {/* Decorative: the library keeps no description of an image, and the title says what the letter is about. */}
      {letter.cover ? <Picture image={letter.cover} alt="" className="letter-cover" sizes={COVER_SIZES} /> : null}
      {/* Sanitized by the server (render.ts): only text, structure, safe links and our own images. */}
      <div className="letter-body" dangerouslySetInnerHTML={{ __html: letter.html }} />
    </article>
  );
}
