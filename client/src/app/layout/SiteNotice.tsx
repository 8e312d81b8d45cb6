// The optional site-wide notice (GET /api/app/notification): a dismissible banner above every page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import type { paths } from '../../api/schema';
import styles from './SiteNotice.module.css';

export type Notice = NonNullable<
  paths['/api/app/notification']['get']['responses'][200]['content']['application/json']['data']
>;

/** Holds the id of the last notice the visitor closed; the server gives a new id whenever the text changes. */
export const NOTICE_DISMISSED_KEY = 'manifiesta_notice_dismissed';

export const noticeQueries = {
  all: () => ['notice'] as const,
  current: () =>
    queryOptions({
      queryKey: [...noticeQueries.all(), 'current'] as const,
      queryFn: async (): Promise<Notice | null> => unwrap(await api.GET('/api/app/notification')),
      // A notice changes a few times a year: once per visit is plenty.
      staleTime: 60 * 60_000,
      refetchOnWindowFocus: false,
      retry: false,
    }),
};

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

export function SiteNotice() {
  const { data: notice, error } = useQuery(noticeQueries.current());
  const [dismissed, setDismissed] = useState(readDismissed);

  useEffect(() => {
    // A missing notice must never disturb the page: the visitor sees nothing, the console keeps the reason.
    if (error) console.error('No se pudo cargar el aviso del sitio.', error);
  }, [error]);

  if (!notice || notice.id === dismissed) return null;

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
