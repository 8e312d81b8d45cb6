// «Eliminar mi cuenta»: the danger zone. What deletion means, then the password and a typed word, so that nobody
// deletes an account by a slip of the thumb (or from a session left open on someone else's device).
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../../api/error-text';
import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import forms from '../../../styles/forms.module.css';
import { DELETE_ERROR, meMutations } from '../api/me-api';
import styles from './account.module.css';
import { AccountSection } from './AccountSection';
import { ErrorMessage } from './Messages';

/** The word typed to confirm. */
export const CONFIRMATION_WORD = 'ELIMINAR';

export const DELETE_MESSAGES = {
  password: 'Escribe tu contraseña para confirmar que eres tú.',
  word: `Escribe ${CONFIRMATION_WORD}, en mayúsculas, para confirmar.`,
} as const;

export function DeleteSection({ onDeleted }: { onDeleted: () => void | Promise<void> }) {
  const remove = useMutation(meMutations.deleteAccount());
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const [problem, setProblem] = useState<{ message: string; attempt: number } | null>(null);
  const attempts = useRef(0);
  const passwordInput = useRef<HTMLInputElement>(null);
  const wordInput = useRef<HTMLInputElement>(null);

  const fail = (message: string, input: HTMLInputElement | null) => {
    attempts.current += 1;
    setProblem({ message, attempt: attempts.current });
    input?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!password) return fail(DELETE_MESSAGES.password, passwordInput.current);
    if (word.trim() !== CONFIRMATION_WORD) return fail(DELETE_MESSAGES.word, wordInput.current);
    setProblem(null);
    remove.mutate(password, {
      onSuccess: () => onDeleted(),
      onError: (failure) => {
        setPassword('');
        fail(errorText(failure, DELETE_ERROR), passwordInput.current);
      },
    });
  };

  return (
    <AccountSection title="Eliminar mi cuenta" danger intro="Eliminar tu cuenta es para siempre y no se puede deshacer. Esto es lo que pasa:">
      <ul className={styles.consequences}>
        <li>
          Todo lo que escribiste (tus respuestas, reflexiones, creencias y visiones) se vuelve ilegible para siempre: nadie podrá leerlo, tampoco la coach.
        </li>
        <li>La coach deja de verte: no aparecerás en su lista ni en tu recorrido.</li>
        <li>Tu progreso del curso y tus sesiones abiertas se borran, y no podrás volver a entrar con esta cuenta.</li>
        <li>De tus pagos guardamos solo lo que la ley obliga a conservar, sin tu nombre.</li>
      </ul>
      <p className={styles.intro}>Si quieres una copia de tus datos, descárgala antes desde «Tus datos».</p>
      <form className={`${forms.form} ${styles.form}`} onSubmit={onSubmit} aria-label="Eliminar tu cuenta" noValidate>
        <Field
          ref={passwordInput}
          label="Tu contraseña"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Field
          ref={wordInput}
          label={`Escribe ${CONFIRMATION_WORD} para confirmar`}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={word}
          onChange={(event) => setWord(event.target.value)}
        />
        <div className={forms.actions}>
          <Button type="submit" className={styles.dangerButton} disabled={remove.isPending}>
            {remove.isPending ? 'Eliminando...' : 'Eliminar mi cuenta para siempre'}
          </Button>
        </div>
      </form>
      {problem ? <ErrorMessage key={problem.attempt}>{problem.message}</ErrorMessage> : null}
    </AccountSection>
  );
}
