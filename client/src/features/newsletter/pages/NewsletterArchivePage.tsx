// /newsletter: every letter, newest first, and the subscription form for visitors.
import { PageIntro } from '../../../components/PageIntro/PageIntro';
import { useTrackView } from '../../../lib/track-view';
import { ARCHIVE, CAMPAIGNS } from '../archive';
import { ArchiveItem } from '../components/ArchiveItem';
import { SubscribeForm } from '../components/SubscribeForm';
import styles from './NewsletterPages.module.css';

export function NewsletterArchivePage() {
  useTrackView('newsletter');
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
          <ol className={styles.archive} reversed>
            {ARCHIVE.map((entry, index) => (
              <ArchiveItem key={entry.slug} entry={entry} index={index} />
            ))}
          </ol>
        </section>
        <SubscribeForm />
      </div>
    </>
  );
}
