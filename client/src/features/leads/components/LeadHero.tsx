// The opening of a lead page: document title, h1, a warm promise, the cover and a jump to the form.
import type { ReactNode } from 'react';
import styles from './lead-page.module.css';

type LeadHeroProps = {
  eyebrow: string;
  title: string;
  lead: string;
  /** The cover art (an SVG of public/img): decorative, the title already says what it is. */
  cover?: string;
  children?: ReactNode;
};

export function LeadHero({ eyebrow, title, lead, cover, children }: LeadHeroProps) {
  return (
    <header className={cover ? styles.hero : `${styles.hero} ${styles.solo}`}>
      <title>{`${title} · Manifiesta`}</title>
      <div className={styles.heroText}>
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className={styles.lead}>{lead}</p>
        {children ? <div className={styles.heroActions}>{children}</div> : null}
      </div>
      {cover ? (
        // Sized (no layout shift) and fetched at low priority: the text is what matters on a slow phone.
        <img className={styles.cover} src={cover} alt="" width={320} height={240} loading="lazy" decoding="async" />
      ) : null}
    </header>
  );
}

/** An in-page link to the form, styled as the site's main button. */
export function JumpToForm({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a className={styles.jump} href={`#${target}`}>
      {children}
    </a>
  );
}
