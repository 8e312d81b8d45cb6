// The revelation after a meditation (activities.md §4 "Revelation"): a signed-in user's is saved with the time
// meditated (idle → saving → idle or error); a guest's waits in session storage while they sign in, and the
// guest-progress merge saves it afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_REVELATION, MEDITATION_TOOL_PATH, REVELATION_REQUIRED, REVELATION_SAVE_ERROR } from '../../../../../course/meditation';
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/Button/Button';
import { withRedirect } from '../../auth/lib/redirect';
import { meditationMutations, meditationQueries, type Revelation } from '../api/meditation-queries';
import { storePendingRevelation } from '../pending-revelation';
import styles from './MeditationTool.module.css';

const NOT_STORED = 'No pudimos guardar tu revelación en este navegador. Cópiala antes de iniciar sesión para no perderla.';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

type RevelationFormProps = {
  totalSeconds: number;
  signedIn: boolean;
  /** A 401: the session ended (the activity host signs out and goes to /login). Without it the message shows. */
  onSessionExpired?: () => void;
};

export function RevelationForm({ totalSeconds, signedIn, onSessionExpired }: RevelationFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const queryClient = useQueryClient();
  const { mutateAsync: save } = useMutation(meditationMutations.saveRevelation());
  const navigate = useNavigate();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'saving') return;
    const revelation = text.trim();
    if (!revelation) {
      setStatus({ kind: 'error', message: REVELATION_REQUIRED });
      return;
    }
    const body = { revelation, totalTimeMeditated: totalSeconds };

    if (!signedIn) {
      if (storePendingRevelation(body)) navigate(withRedirect('/login', MEDITATION_TOOL_PATH));
      else setStatus({ kind: 'error', message: NOT_STORED });
      return;
    }

    setStatus({ kind: 'saving' });
    try {
      const saved = await save(body);
      const { queryKey } = meditationQueries.revelations();
      queryClient.setQueryData<Revelation[]>(queryKey, (list) => (list ? [saved, ...list.filter((r) => r.Id !== saved.Id)] : list));
      void queryClient.invalidateQueries({ queryKey });
      setText('');
      setStatus({ kind: 'saved' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && onSessionExpired) {
        onSessionExpired();
        return;
      }
      setStatus({ kind: 'error', message: error instanceof ApiError ? error.message : REVELATION_SAVE_ERROR });
    }
  };

  const saving = status.kind === 'saving';
  return (
    <form className={styles.revelationForm} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className={styles.subTitle}>
        Tu revelación
      </h3>
      <label htmlFor={`${id}-text`} className={styles.label}>
        ¿Qué se te reveló en esta meditación?
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        Una imagen, una frase, una decisión: escríbela mientras está fresca.
      </p>
      <textarea
        id={`${id}-text`}
        className={styles.textarea}
        rows={5}
        maxLength={MAX_REVELATION}
        value={text}
        aria-invalid={status.kind === 'error' || undefined}
        aria-describedby={status.kind === 'error' ? `${id}-hint ${id}-message` : `${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          if (status.kind === 'saved') setStatus({ kind: 'idle' });
        }}
      />
      {signedIn ? null : (
        <p className={styles.hint}>
          Para guardar tus revelaciones necesitas iniciar sesión. La dejamos guardada en este navegador mientras entras y, al
          volver, la sumamos a tu cuenta.
        </p>
      )}
      {/* Not `disabled` while saving: the focus stays on the button. */}
      <Button type="submit" className={styles.start} aria-disabled={saving || undefined}>
        {saving ? 'Guardando...' : signedIn ? 'Guardar revelación' : 'Guardar e iniciar sesión'}
      </Button>
      {status.kind === 'error' ? (
        <p id={`${id}-message`} className={styles.error} role="alert">
          {status.message}
        </p>
      ) : null}
      {status.kind === 'saved' ? (
        <p className={styles.notice} role="status">
          Tu revelación quedó guardada.
        </p>
      ) : null}
    </form>
  );
}
