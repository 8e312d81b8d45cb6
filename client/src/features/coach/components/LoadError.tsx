// A failed load on the coach's pages: 403 becomes the coach-only page, anything else says why and offers a retry.
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/Button/Button';
import styles from '../coach.module.css';
import { Forbidden } from './Forbidden';

export function LoadError({ error, retry }: { error: Error; retry?: () => void }) {
  if (error instanceof ApiError && error.status === 403) return <Forbidden message={error.message} />;
  return (
    <div className={styles.error} role="alert">
      <p>{error.message}</p>
      {retry && !(error instanceof ApiError && error.status === 404) ? (
        <Button variant="secondary" onClick={retry}>
          Reintentar
        </Button>
      ) : null}
    </div>
  );
}
