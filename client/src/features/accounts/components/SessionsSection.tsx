// «Sesiones abiertas»: every device signed in to the account, when each was last used, and a way to end any.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../api/error-text';
import { Button } from '../../../components/Button/Button';
import { END_SESSION_ERROR, meMutations, meQueries, SESSIONS_ERROR, type OpenSession } from '../api/me-api';
import { lastUsedText } from '../lib/when';
import styles from './account.module.css';
import { AccountSection } from './AccountSection';
import { ErrorMessage, Notice } from './Messages';

/** What a session is called when its browser said nothing we recognise. */
const UNKNOWN_DEVICE = 'Un navegador sin nombre';

const deviceOf = (session: OpenSession) => session.device ?? UNKNOWN_DEVICE;

type SessionsSectionProps = {
  /** This device's session was ended: it is signed out. */
  onSignedOut: () => void | Promise<void>;
  /** For tests: the moment "hace 5 minutos" counts from. */
  now?: Date;
};

export function SessionsSection({ onSignedOut, now }: SessionsSectionProps) {
  const queryClient = useQueryClient();
  const sessions = useQuery(meQueries.sessions());
  const end = useMutation(meMutations.endSession());
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const close = (session: OpenSession) => {
    setResult(null);
    end.mutate(session.id, {
      onSuccess: async ({ current }) => {
        if (current) return onSignedOut();
        setResult({ ok: true, message: `Cerramos la sesión de ${deviceOf(session)}.` });
        await queryClient.invalidateQueries({ queryKey: meQueries.sessions().queryKey });
      },
      onError: (failure) => setResult({ ok: false, message: errorText(failure, END_SESSION_ERROR) }),
    });
  };

  return (
    <AccountSection
      title="Sesiones abiertas"
      intro="Los dispositivos donde tu cuenta está abierta ahora. Si no reconoces alguno, ciérralo y cambia tu contraseña."
    >
      {sessions.isPending ? <p className={styles.meta}>Cargando tus sesiones...</p> : null}
      {sessions.isError ? <ErrorMessage>{errorText(sessions.error, SESSIONS_ERROR)}</ErrorMessage> : null}
      {sessions.data ? (
        <ul className={styles.sessions}>
          {sessions.data.map((session) => (
            <li key={session.id} className={styles.session}>
              <div className={styles.sessionText}>
                <p className={styles.device}>
                  {deviceOf(session)}
                  {session.current ? <span className={styles.here}>Este dispositivo</span> : null}
                </p>
                <p className={styles.meta}>
                  Último uso: <time dateTime={session.lastUsedAt}>{lastUsedText(new Date(session.lastUsedAt), now)}</time>
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={session.current ? 'Cerrar la sesión de este dispositivo' : `Cerrar la sesión de ${deviceOf(session)}`}
                disabled={end.isPending && end.variables === session.id}
                onClick={() => close(session)}
              >
                Cerrar
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {result ? result.ok ? <Notice>{result.message}</Notice> : <ErrorMessage>{result.message}</ErrorMessage> : null}
    </AccountSection>
  );
}
