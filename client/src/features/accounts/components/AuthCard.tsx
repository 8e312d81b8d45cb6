import { useId, type ReactNode, type Ref } from 'react';
import forms from '../../../styles/forms.module.css';
import styles from './auth.module.css';

type AuthCardProps = {
  title: string;
  lead?: ReactNode;
  eyebrow?: string;
  /** Receives the h1, for pages that move focus to a new view (e.g. the signup success panel). */
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
};

/** Frame of every account page: document title, one card, an h1 and a warm lead sentence. */
export function AuthCard({ title, lead, eyebrow = 'Tu cuenta', titleRef, children }: AuthCardProps) {
  const titleId = useId();
  return (
    <div className={forms.cardPage}>
      <section className={`${forms.surface} ${styles.card}`} aria-labelledby={titleId}>
        <title>{`${title} · Manifiesta`}</title>
        <header className={styles.header}>
          <p className="eyebrow">{eyebrow}</p>
          <h1 id={titleId} className={styles.title} ref={titleRef} tabIndex={-1}>
            {title}
          </h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </header>
        {children}
      </section>
    </div>
  );
}
