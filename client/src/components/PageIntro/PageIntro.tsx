import type { ReactNode } from 'react';
import { ButtonLink } from '../Button/Button';
import styles from './PageIntro.module.css';

type PageIntroProps = {
  /** Short label above the title, e.g. the kind of page. */
  eyebrow?: string;
  title: string;
  lead: string;
  children?: ReactNode;
};

/** Page opening shared by the pages: document title, h1, a warm lead sentence and a way back to /menu. */
export function PageIntro({ eyebrow, title, lead, children }: PageIntroProps) {
  return (
    <section className={styles.intro}>
      <title>{`${title} · Manifiesta`}</title>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      {children}
      <ButtonLink className={styles.back} to="/menu">
        Volver al menú
      </ButtonLink>
    </section>
  );
}
