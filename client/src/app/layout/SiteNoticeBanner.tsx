// The site notice's banner: loaded only when there is a notice, so that a page without one carries none of it.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { NOTICE_DISMISSED_KEY, type Notice } from './notice-source';
import styles from './SiteNotice.module.css';

// Storage can be unavailable (private modes, blocked cookies): then dismissal lasts until the page reloads.
function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(NOTICE_DISMISSED_KEY);
  } catch {
    return null;
  }
}

function rememberDismissed(id: string) {
  try {
    window.localStorage.setItem(NOTICE_DISMISSED_KEY, id);
  } catch {
    // see readDismissed
  }
}

function NoticeText({ text, link }: Pick<Notice, 'text' | 'link'>) {
  if (link?.startsWith('/') && !link.startsWith('//')) {
    return (
      <Link to={link} className={styles.link}>
        {text}
      </Link>
    );
  }
  if (link?.startsWith('https://')) {
    return (
      <a href={link} className={styles.link} target="_blank" rel="noopener noreferrer">
        {text}
        <span className="sr-only"> (se abre en otra pestaña)</span>
      </a>
    );
  }
  return <span>{text}</span>;
}

export function SiteNoticeBanner({ notice }: { notice: Notice }) {
  const [dismissed, setDismissed] = useState(readDismissed);

  if (notice.id === dismissed) return null;

  const dismiss = () => {
    rememberDismissed(notice.id);
    setDismissed(notice.id);
  };

  return (
    <aside className={styles.notice} aria-label="Aviso">
      <button type="button" className={styles.close} onClick={dismiss} aria-label="Cerrar aviso">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <p className={styles.text}>
        <NoticeText text={notice.text} link={notice.link} />
      </p>
    </aside>
  );
}
