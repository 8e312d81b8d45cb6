// The 'success' panel of a download page: the download has started, it can be started again,
// and the next step of the path.
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/Button/Button';
import { startDownload, type DownloadFile } from '../lib/downloads';
import styles from './lead-page.module.css';

type DownloadSuccessProps = {
  /** The panel's heading and its id (the form card is named by it). */
  title: string;
  headingId: string;
  file: DownloadFile;
  /** True right after the form was sent: focus moves here so screen readers hear the news. */
  announce: boolean;
  children: ReactNode;
  /** What comes next (a link to the next page). */
  next?: ReactNode;
};

export function DownloadSuccess({ title, headingId, file, announce, children, next }: DownloadSuccessProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (announce) heading.current?.focus();
  }, [announce]);

  return (
    <div className={styles.success} data-state="success">
      <SuccessMark />
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.successTitle}>
        {title}
      </h2>
      <div className={styles.successText}>{children}</div>
      <Button onClick={() => startDownload(file)}>Descargar de Nuevo</Button>
      {next}
    </div>
  );
}

/** A tray with an arrow landing in it: the file is on its way. */
function SuccessMark() {
  return (
    <svg className={styles.successMark} viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="34" fill="var(--color-teal-50)" />
      <path d="M36 18v24m-9-9 9 9 9-9" fill="none" stroke="var(--action-bg)" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M20 44v7a3 3 0 0 0 3 3h26a3 3 0 0 0 3-3v-7" fill="none" stroke="var(--accent)" strokeWidth="4.5" strokeLinecap="round" />
    </svg>
  );
}
