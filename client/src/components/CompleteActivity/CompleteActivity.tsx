// The end of an activity: 'Marcar como completada' (then the next-activity flow), or, once completed, the
// way on.
import { useState } from 'react';
import { errorText } from '../../api/error-text';
import { useActivityStore } from '../../lib/activity/store';
import { SYLLABUS_PATH } from '../../lib/course-paths';
import { Button, ButtonLink } from '../Button/Button';
import forms from '../../styles/forms.module.css';
import styles from './CompleteActivity.module.css';

/** What every activity says when marking it complete fails. */
export const COMPLETE_ERROR = 'Hubo un problema al finalizar la actividad. Inténtalo de nuevo.';

type CompleteActivityProps = {
  done: boolean;
  hasNext: boolean;
  /** Completes the activity (and saves what the body still holds); by default the activity store's completion. */
  onComplete?: () => Promise<void>;
  goNext: () => void;
};

export function CompleteActivity({ done, hasNext, onComplete, goNext }: CompleteActivityProps) {
  const store = useActivityStore();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const complete = async () => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await (onComplete ? onComplete() : store.complete());
      goNext();
    } catch (error) {
      setFailure(errorText(error, COMPLETE_ERROR));
    } finally {
      setPending(false);
    }
  };

  // One button throughout (completing, then going on), so the focus stays on it and a dialog opened from it
  // hands the focus back to it. Not `disabled` while saving: that would drop the focus.
  return (
    <footer className={styles.complete}>
      {done ? (
        <p className={styles.completed}>
          <span aria-hidden="true">✓</span> Completaste esta actividad.
        </p>
      ) : null}
      {done && !hasNext ? (
        <ButtonLink to={SYLLABUS_PATH}>Volver al Temario</ButtonLink>
      ) : (
        <Button onClick={done ? goNext : complete} aria-disabled={pending || undefined}>
          {done ? 'Siguiente Actividad' : pending ? 'Guardando...' : 'Marcar como completada'}
        </Button>
      )}
      {failure ? (
        <p className={forms.error} role="alert">
          {failure}
        </p>
      ) : null}
    </footer>
  );
}
