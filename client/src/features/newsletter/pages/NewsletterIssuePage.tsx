// /newsletter/{campaign}/{slug}: one letter, loaded on demand and cleaned of its
// e-mail greeting and inline styles; 'Newsletter no encontrado.' when the pair is not in the archive.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/Button/Button';
import { Loading } from '../../../components/Loading/Loading';
import { newsletterQueries } from '../api/newsletter-queries';
import { CAMPAIGNS, findEntry, formatIssueDate, type NewsletterEntry } from '../archive';
import { SubscribeForm } from '../components/SubscribeForm';
import messages from '../components/messages.module.css';
import styles from './NewsletterPages.module.css';

const NOT_FOUND = 'Newsletter no encontrado.';
const LOAD_ERROR = 'No se pudo cargar el contenido del newsletter.';

export function NewsletterIssuePage() {
  const { campaign = '', slug = '' } = useParams();
  const entry = findEntry(campaign, slug);
  return (
    <div className={styles.page}>
      {entry ? <Letter entry={entry} /> : <LetterNotFound />}
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

function Letter({ entry }: { entry: NewsletterEntry }) {
  const letter = useQuery(newsletterQueries.letter(entry.campaign, entry.slug));
  return (
    <article className={styles.letter} aria-labelledby="newsletter-letter-title">
      <title>{`${entry.title} · Newsletter · Manifiesta`}</title>
      <header className={styles.letterHeader}>
        <p className="eyebrow">{CAMPAIGNS[entry.campaign].label}</p>
        <h1 id="newsletter-letter-title" className={styles.letterTitle}>
          {entry.title}
        </h1>
        <time className={styles.letterDate} dateTime={entry.date}>
          {formatIssueDate(entry.date)}
        </time>
      </header>
      {letter.isPending ? <Loading /> : null}
      {letter.isError ? (
        <p className={messages.error} role="alert">
          {LOAD_ERROR}
        </p>
      ) : null}
      {letter.data?.kind === 'not-found' ? <p className={messages.error}>{NOT_FOUND}</p> : null}
      {letter.data?.kind === 'found' ? (
        // Our own bundled letter, passed through sanitizeLetter (no scripts, handlers or styles).
        <div className={styles.letterBody} dangerouslySetInnerHTML={{ __html: letter.data.html }} />
      ) : null}
    </article>
  );
}
