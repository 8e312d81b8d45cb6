// The history of a versioned page of the desk (/coach/ajustes, /coach/catalogo): each save, newest first, with the
// fields it changed, and «Restaurar» to bring back everything as it was right after it (one more change).
import { Button } from '../../../components/Button/Button';
import styles from '../coach.module.css';
import { formatDateTime } from '../lib/format';
import forms from '../../../styles/forms.module.css';
import page from '../pages/SettingsPage.module.css';

export interface Version<F extends string> {
  version: number;
  at: string | null;
  fields: F[];
  restoredFrom: number | null;
}

type VersionHistoryProps<F extends string> = {
  headingId: string;
  current: number;
  history: Version<F>[];
  labels: Record<F, string>;
  /** What «Restaurar» does, as a mutation of the page. */
  restore: { mutate: (version: number) => void; isPending: boolean; error: Error | null };
};

export function VersionHistory<F extends string>({ headingId, current, history, labels, restore }: VersionHistoryProps<F>) {
  const versions: Version<F>[] = [...history, { version: 0, at: null, fields: [], restoredFrom: null }];
  return (
    <section className={page.group} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Historial
      </h2>
      <p className={page.lead}>Cada vez que guardas queda aquí. «Restaurar» vuelve a dejar todo como estaba justo después de ese cambio.</p>
      {restore.error ? (
        <p className={forms.alert} role="alert">
          {restore.error.message}
        </p>
      ) : null}
      <ol className={page.history}>
        {versions.map((c) => (
          <li key={c.version} className={page.change}>
            <div>
              <strong>{c.version === 0 ? 'Valores iniciales' : `Versión ${c.version}`}</strong>
              {c.at ? <span className={page.hint}> · {formatDateTime(c.at)}</span> : null}
              <p className={page.hint}>
                {c.version === 0
                  ? 'Antes de tu primer cambio.'
                  : `${c.restoredFrom !== null ? `Restauraste la versión ${c.restoredFrom}: ` : ''}${c.fields.map((f) => labels[f]).join(', ')}`}
              </p>
            </div>
            {c.version === current ? (
              <span className={page.hint}>Actual</span>
            ) : (
              <Button variant="secondary" disabled={restore.isPending} onClick={() => restore.mutate(c.version)}>
                Restaurar
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
