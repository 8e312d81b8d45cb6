// A private note on the learner's journey: only coaches read it. Saved, it joins the timeline at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button/Button';
import { coachMutations, coachQueries, type JourneyEvent } from '../api/coach-queries';
import styles from './NoteForm.module.css';

/** The server's limit (events/coach: MAX_NOTE). */
const MAX_NOTE = 5_000;

export function NoteForm({ learnerId }: { learnerId: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [saved, setSaved] = useState(false);
  const [missing, setMissing] = useState(false);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  const addNote = useMutation({
    ...coachMutations.addNote(),
    onSuccess: (event) => {
      queryClient.setQueryData<JourneyEvent[]>(coachQueries.journey(learnerId).queryKey, (events) =>
        events && !events.some((e) => e.globalPosition === event.globalPosition) ? [...events, event] : events,
      );
      setText('');
      setSaved(true);
    },
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    addNote.mutate({ learnerId, text: text.trim() });
  };

  const error = missing ? 'Escribe la nota.' : addNote.isError ? addNote.error.message : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label className={styles.label} htmlFor={fieldId}>
        Nota privada
      </label>
      <p id={hintId} className={styles.hint}>
        Solo las coaches la ven: la persona no la verá nunca.
      </p>
      <textarea
        id={fieldId}
        className={styles.field}
        rows={3}
        maxLength={MAX_NOTE}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setSaved(false);
        }}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={addNote.isPending}>
          {addNote.isPending ? 'Guardando...' : 'Agregar nota'}
        </Button>
        <p className={styles.saved} role="status">
          {saved ? 'Nota guardada en el recorrido.' : ''}
        </p>
      </div>
    </form>
  );
}
