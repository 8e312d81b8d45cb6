// A labelled short date of a desk row («Pagada 3 mar 2025»), its full time on hover; nothing without a date.
import { formatDateTime, formatShortDate } from '../lib/format';
import styles from '../pages/SalesPage.module.css';

export function When({ label, iso }: { label: string; iso: string | null }) {
  if (!iso) return null;
  return (
    <span className={styles.when}>
      {label}{' '}
      <time dateTime={iso} title={formatDateTime(iso)}>
        {formatShortDate(iso)}
      </time>
    </span>
  );
}
