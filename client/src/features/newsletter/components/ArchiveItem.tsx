import { Link } from 'react-router-dom';
import { useReveal } from '../../../lib/reveal';
import { CAMPAIGNS, formatIssueDate, issuePath, type NewsletterEntry } from '../archive';
import styles from './ArchiveItem.module.css';

/** One letter in the archive: its series, title (the link) and send date; fades in as it scrolls into view. */
export function ArchiveItem({ entry, index }: { entry: NewsletterEntry; index: number }) {
  const { ref, props } = useReveal<HTMLLIElement>(index);
  return (
    <li ref={ref} {...props} className={styles.item} data-campaign={entry.campaign}>
      <p className={`eyebrow ${styles.campaign}`}>{CAMPAIGNS[entry.campaign].label}</p>
      <h3 className={styles.title}>
        <Link to={issuePath(entry)} className={styles.link}>
          {entry.title}
        </Link>
      </h3>
      <time className={styles.date} dateTime={entry.date}>
        {formatIssueDate(entry.date)}
      </time>
    </li>
  );
}
