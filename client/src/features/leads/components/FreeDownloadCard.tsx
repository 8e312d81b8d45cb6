// The card of a free download: the lead form until the visitor has the file, then the 'success' panel.
// The visitor record decides which, so a later visit shows the panel too.
import type { ReactNode } from 'react';
import { DOWNLOAD_ERROR } from '../api/lead-mutations';
import type { DownloadFile } from '../lib/downloads';
import { useLeadDownload, type LeadSource } from '../lib/useLeadDownload';
import type { LeadMessages } from '../lib/validate-lead';
import { DownloadSuccess } from './DownloadSuccess';
import { LeadForm } from './LeadForm';
import forms from '../../../styles/forms.module.css';
import styles from './lead-page.module.css';

/** What the visitor agrees to by sending the form (the welcome mail and the occasional letter). */
export const CONSENT =
  'La descarga empieza al instante y te llega un correo de bienvenida. Cada tanto te voy a escribir con herramientas y reflexiones; puedes darte de baja cuando quieras.';

/** After a download with the newsletter's box ticked: the subscription waits for its link (double opt-in). */
export const SUBSCRIPTION_NOTE = 'Y revisa tu correo: te enviamos un enlace para confirmar tu suscripción a las cartas.';

type FreeDownloadCardProps = {
  id: string;
  headingId: string;
  source: LeadSource;
  file: DownloadFile;
  /** From the visitor record: this file was already downloaded here. */
  downloaded: boolean;
  nick: string;
  form: { title: string; intro: ReactNode; label: string; submit: string; messages: LeadMessages; badge?: string };
  /** The panel: its title after '¡Listo, {nick}!', its text and the next step. */
  success: { title: string; text: ReactNode; next?: ReactNode };
  /** Given: failures are only handed to it (/afirmaciones: logged). Otherwise the failure alert says DOWNLOAD_ERROR. */
  onFailure?: (error: Error) => void;
};

export function FreeDownloadCard({ id, headingId, source, file, downloaded, nick, form, success, onFailure }: FreeDownloadCardProps) {
  const download = useLeadDownload(source, file, onFailure);
  // Whatever went wrong (a refusal, too many requests, no connection), the visitor reads the same plain words
  // and tries again; the server's own message never takes their place.
  const failure = download.error && !onFailure ? { message: DOWNLOAD_ERROR, key: download.attempt } : null;

  return (
    <section id={id} className={`${forms.surface} ${styles.formCard}`} aria-labelledby={headingId}>
      {downloaded ? (
        <DownloadSuccess
          title={nick ? `¡Listo, ${nick}! ${success.title}` : `¡Listo! ${success.title}`}
          headingId={headingId}
          file={file}
          announce={download.succeeded}
          next={success.next}
        >
          {success.text}
          {download.subscribed ? <p role="status">{SUBSCRIPTION_NOTE}</p> : null}
        </DownloadSuccess>
      ) : (
        <>
          {form.badge ? <span className={styles.badge}>{form.badge}</span> : null}
          <h2 id={headingId}>{form.title}</h2>
          <p className={styles.small}>{form.intro}</p>
          <LeadForm
            label={form.label}
            submitLabel={form.submit}
            messages={form.messages}
            pending={download.pending}
            failure={failure}
            optIn
            onSubmit={download.submit}
          />
        </>
      )}
    </section>
  );
}
