// A page that is one calm message on the warm background, as the pages that open a link from a mail are
// (/olvidar, /newsletter/confirmar, /newsletter/baja): its eyebrow, its heading, and what the page has to say.
import type { ReactNode } from 'react';
import forms from '../../styles/forms.module.css';
import styles from '../../styles/message-card.module.css';

export function MessageCard({
  id,
  pageTitle,
  eyebrow,
  title,
  children,
}: {
  id: string;
  pageTitle: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className={forms.cardPage}>
      <section className={`${forms.surface} ${styles.card}`} aria-labelledby={id}>
        <title>{pageTitle}</title>
        <p className="eyebrow">{eyebrow}</p>
        <h1 id={id} className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

/** A mailed link opened without its token (cut by the mail program, or typed by hand). */
export function IncompleteLink() {
  return (
    <p className={forms.alert} role="alert">
      Este enlace está incompleto. Ábrelo tal como llegó en el correo.
    </p>
  );
}
