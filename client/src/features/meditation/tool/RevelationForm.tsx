// The revelation after a meditation: a signed-in meditator's is saved with the
// time meditated (idle → saving → idle or error); with no network it waits in this browser and is sent when the
// network returns. A guest's waits in session storage while they sign in, and the guest-progress merge saves it
// afterwards.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_REVELATION, MEDITATION_TOOL_PATH, REVELATION_REQUIRED, REVELATION_SAVE_ERROR } from '../../../../../course/meditation';
import { Button } from '../../../components/Button/Button';
import { dequeue } from '../../../lib/outbox';
import { withRedirect } from '../../../lib/redirect';
import { meditationQueries, type Revelation } from '../api/meditation-queries';
import { submitMeditationWrite } from '../offline/sync';
import { storePendingRevelation } from '../pending-revelation';
import styles from './MeditationTool.module.css';

const NOT_STORED = 'No pudimos guardar tu revelación en este navegador. Cópiala antes de iniciar sesión para no perderla.';
const SESSION_ENDED = 'Tu sesión expiró. Inicia sesión de nuevo: tu revelación quedó guardada en este dispositivo y se enviará entonces.';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'queued' } | { kind: 'error'; message: string };

type RevelationFormProps = {
  totalSeconds: number;
  /** The signed-in meditator's account; null for a guest. */
  owner: string | null;
  /** A 401: the session ended (the activity host signs out and goes to /login). Without it the message shows. */
  onSessionExpired?: () => void;
};

export function RevelationForm({ totalSeconds, owner, onSessionExpired }: RevelationFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const queryClient = useQueryClient();
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

    if (!owner) {
      if (storePendingRevelation(body)) navigate(withRedirect('/login', MEDITATION_TOOL_PATH));
      else setStatus({ kind: 'error', message: NOT_STORED });
      return;
    }

    setStatus({ kind: 'saving' });
    const { key, result } = await submitMeditationWrite(owner, { kind: 'meditation.revelation', body });
    switch (result.status) {
      case 'sent': {
        const saved = result.data as Revelation;
        const { queryKey } = meditationQueries.revelations();
        queryClient.setQueryData<Revelation[]>(queryKey, (list) => (list ? [saved, ...list.filter((r) => r.Id !== saved.Id)] : list));
        void queryClient.invalidateQueries({ queryKey });
        setText('');
        setStatus({ kind: 'saved' });
        return;
      }
      case 'waiting':
        if (result.reason === 'offline') {
          setText('');
          setStatus({ kind: 'queued' });
        } else if (result.reason === 'signed-out') {
          // Kept: it is sent once this account signs in again.
          if (onSessionExpired) onSessionExpired();
          else setStatus({ kind: 'error', message: SESSION_ENDED });
        } else {
          // The server answered with an error: the text stays here to try again, not behind the learner's back.
          dequeue(key);
          setStatus({ kind: 'error', message: result.message ?? REVELATION_SAVE_ERROR });
        }
        return;
      case 'rejected':
        setStatus({ kind: 'error', message: result.message || REVELATION_SAVE_ERROR });
        return;
      default: {
        const unknown: never = result;
        return unknown;
      }
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
          if (status.kind === 'saved' || status.kind === 'queued') setStatus({ kind: 'idle' });
        }}
      />
      {owner ? null : (
        <p className={styles.hint}>
          Para guardar tus revelaciones necesitas iniciar sesión. La dejamos guardada en este navegador mientras entras y, al volver, la sumamos a tu cuenta.
        </p>
      )}
      {/* Not `disabled` while saving: the focus stays on the button. */}
      <Button type="submit" className={styles.start} aria-disabled={saving || undefined}>
        {saving ? 'Guardando...' : owner ? 'Guardar revelación' : 'Guardar e iniciar sesión'}
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
      {status.kind === 'queued' ? (
        <p className={styles.notice} role="status">
          Estás sin conexión: tu revelación quedó guardada en este dispositivo y la enviaremos en cuanto vuelvas a tener conexión.
        </p>
      ) : null}
    </form>
  );
}
