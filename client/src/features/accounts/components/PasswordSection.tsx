// «Contraseña»: a new one, with the current one. The server ends every other session of the account; this one stays.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../../api/error-text';
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import forms from '../../../styles/forms.module.css';
import { meMutations, meQueries, PASSWORD_ERROR } from '../api/me-api';
import { newPasswordProblem, PASSWORD_HINT } from '../lib/new-password';
import styles from './account.module.css';
import { AccountSection } from './AccountSection';
import { ErrorMessage, Notice } from './Messages';

type Form = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Form = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The signup's checks for the new password, in the signup's order. */
function validate(form: Form): { message: string; field: keyof Form } | null {
  const empty = (Object.keys(form) as Array<keyof Form>).find((key) => !form[key]);
  if (empty) return { message: 'Por favor, completa todos los campos.', field: empty };
  const problem = newPasswordProblem(form.newPassword, form.confirmPassword);
  if (!problem) return null;
  return { message: problem, field: form.newPassword !== form.confirmPassword ? 'confirmPassword' : 'newPassword' };
}

export function PasswordSection() {
  const queryClient = useQueryClient();
  const change = useMutation(meMutations.password());
  const [form, setForm] = useState<Form>(EMPTY);
  const [problem, setProblem] = useState<{ message: string; attempt: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const attempts = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);

  const field = (name: keyof Form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((now) => ({ ...now, [name]: event.target.value })),
  });

  const fail = (message: string, focus: keyof Form) => {
    attempts.current += 1;
    setProblem({ message, attempt: attempts.current });
    (formRef.current?.elements.namedItem(focus) as HTMLInputElement | null)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setDone(null);
    const invalid = validate(form);
    if (invalid) return fail(invalid.message, invalid.field);
    setProblem(null);
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: (message) => {
          setForm(EMPTY);
          setDone(message);
          // The other sessions are gone: the list says so.
          void queryClient.invalidateQueries({ queryKey: meQueries.sessions().queryKey });
        },
        onError: (failure) => {
          const wrongCurrent = failure instanceof ApiError && failure.status === 401;
          fail(errorText(failure, PASSWORD_ERROR), wrongCurrent ? 'currentPassword' : 'newPassword');
        },
      },
    );
  };

  return (
    <AccountSection
      title="Contraseña"
      intro="Para cambiarla necesitas la actual. Al guardarla cerramos tus sesiones en otros dispositivos; en este sigues dentro."
    >
      <form ref={formRef} className={`${forms.form} ${styles.form}`} onSubmit={onSubmit} aria-label="Cambiar tu contraseña" noValidate>
        <Field label="Contraseña actual" type="password" autoComplete="current-password" {...field('currentPassword')} />
        <Field label="Contraseña nueva" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...field('newPassword')} />
        <Field label="Repite la contraseña nueva" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <div className={forms.actions}>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Guardando...' : 'Cambiar contraseña'}
          </Button>
        </div>
      </form>
      {problem ? <ErrorMessage key={problem.attempt}>{problem.message}</ErrorMessage> : null}
      {done ? <Notice>{done}</Notice> : null}
    </AccountSection>
  );
}
