// /newsletter: every published letter, newest first (from the server), and the subscription form for visitors.
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../api/error-text';
import { Loading } from '../../../components/Loading/Loading';
import { PageIntro } from '../../../components/PageIntro/PageIntro';
import { useTrackView } from '../../../lib/track-view';
import { ARCHIVE_ERROR, newsletterQueries } from '../api/newsletter-queries';
import { CAMPAIGNS } from '../archive';
import { ArchiveItem } from '../components/ArchiveItem';
import { SubscribeForm } from '../components/SubscribeForm';
import messages from '../components/messages.module.css';
import styles from './NewsletterPages.module.css';

export function NewsletterArchivePage() {
  useTrackView('newsletter');
  const archive = useQuery(newsletterQueries.archive());
  return (
    <>
      <PageIntro
        eyebrow="Cartas"
        title="Newsletter"
        lead="Cada semana, una carta con una historia, una idea y una práctica sencilla. Aquí están todas, reunidas para que las leas con calma cuando las necesites."
      />
      <div className={styles.page}>
        <section aria-labelledby="newsletter-series" className={styles.series}>
          <h2 id="newsletter-series" className={styles.sectionTitle}>
            Dos series de cartas
          </h2>
          <dl className={styles.seriesList}>
            {Object.entries(CAMPAIGNS).map(([campaign, { label, description }]) => (
              <div key={campaign} className={styles.seriesItem} data-campaign={campaign}>
                <dt className={styles.seriesLabel}>{label}</dt>
                <dd>{description}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="newsletter-letters">
          <h2 id="newsletter-letters" className={styles.sectionTitle}>
            Todas las cartas
          </h2>
          {archive.isPending ? <Loading /> : null}
          {archive.isError ? (
            <p className={messages.error} role="alert">
              {errorText(archive.error, ARCHIVE_ERROR)}
            </p>
          ) : null}
          {archive.data ? (
            <ol className={styles.archive} reversed>
              {archive.data.map((entry, index) => (
                <ArchiveItem key={`${entry.series}/${entry.slug}`} entry={entry} index={index} />
              ))}
            </ol>
          ) : null}
        </section>
        <SubscribeForm />
      </div>
    </>
  );
}
