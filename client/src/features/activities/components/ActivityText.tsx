// The text of a paid activity, fetched from the server (it is not in the bundle) before its body renders: the
// activity's skeleton while it comes, the connection error with 'Reintentar' if it does not, and the
// host's session-expired flow on a 401.
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/Button/Button';
import { activitiesQueries, type Lesson } from '../api/activities-queries';
import { useExpiredOnLoad } from '../lib/session-expiry';
import styles from './Activity.module.css';

/** A failed load, in the words every activity page uses for it. */
export const LOAD_FAILED = 'Error de conexión. Revisa tu conexión e inténtalo de nuevo.';

type ActivityTextProps = {
  slug: string;
  signedIn: boolean;
  sessionExpired: () => Promise<void>;
  /** Shown while the text is on its way (the activity's skeleton). */
  fallback: ReactNode;
  children: (text: Lesson) => ReactNode;
};

export function ActivityText({ slug, signedIn, sessionExpired, fallback, children }: ActivityTextProps) {
  const text = useQuery(activitiesQueries.lesson(slug));
  const expired = useExpiredOnLoad(signedIn, text, sessionExpired);
  const failed = text.isError && !expired;

  useEffect(() => {
    if (failed) console.error('No se pudieron cargar los datos.', text.error);
  }, [failed, text.error]);

  if (text.data) return children(text.data);
  if (failed) {
    // A 403 says why in its own words (the premium role is gone); anything else is the connection.
    const message = text.error instanceof ApiError && text.error.status === 403 && text.error.message ? text.error.message : LOAD_FAILED;
    return (
      <div className={styles.loadFailure} role="alert">
        <p>{message}</p>
        <Button variant="secondary" onClick={() => void text.refetch()}>
          Reintentar
        </Button>
      </div>
    );
  }
  return fallback;
}
