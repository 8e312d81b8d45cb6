import { Link } from 'react-router-dom';
import { useReveal } from '../../../lib/reveal';
import type { ArchiveEntry } from '../api/newsletter-queries';
import { CAMPAIGNS, formatIssueDate, issuePath } from '../archive';
import styles from './ArchiveItem.module.css';

/** One letter in the archive: its series, title (the link), send date and first lines; fades in as it scrolls into view. */
export function ArchiveItem({ entry, index }: { entry: ArchiveEntry; index: number }) {
  const { ref, props } = useReveal<HTMLLIElement>(index);
  return (
    <li ref={ref} {...props} className={styles.item} data-campaign={entry.series}>
      <p className={`eyebrow ${styles.campaign}`}>{CAMPAIGNS[entry.series].label}</p>
      <h3 className={styles.title}>
        <Link to={issuePath(entry)} className={styles.link}>
          {entry.title}
        </Link>
      </h3>
      <time className={styles.date} dateTime={entry.publishedOn}>
        {formatIssueDate(entry.publishedOn)}
      </time>
      {entry.excerpt ? <p className={styles.excerpt}>{entry.excerpt}</p> : null}
    </li>
  );
}
