// One section of the account page: a card with its heading (h2) and a short line on what it is for.
import { useId, type ReactNode } from 'react';
import forms from '../../../styles/forms.module.css';
import styles from './account.module.css';

type AccountSectionProps = { title: string; intro?: ReactNode; danger?: boolean; children: ReactNode };

export function AccountSection({ title, intro, danger = false, children }: AccountSectionProps) {
  const titleId = useId();
  return (
    <section className={`${forms.card} ${styles.section} ${danger ? styles.danger : ''}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}
