// Moving the account to another address: the new address and the current password. Nothing changes until the link
// mailed to the new address is opened, and the form says so. Mounted on the account page.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import { errorText } from '../../../api/error-text';
import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import forms from '../../../styles/forms.module.css';
import { RECOVERY_ERROR, recoveryMutations } from '../api/recovery-mutations';
import { useFormFields } from '../lib/use-form-fields';
import { ErrorMessage, Notice } from './Messages';
import account from './account.module.css';
import styles from './auth.module.css';

const EMPTY = { newEmail: '', password: '' };

export function ChangeEmailForm({ currentEmail }: { currentEmail?: string }) {
  const change = useMutation(recoveryMutations.changeEmail());
  const { form, field, problem, attempt, clear } = useFormFields(EMPTY);
  const sent = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (change.isSuccess) sent.current?.focus();
  }, [change.isSuccess]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const fail = attempt();
    const newEmail = form.newEmail.trim();
    if (!newEmail || !form.password) return fail('Por favor, completa ambos campos.');
    if (currentEmail && newEmail.toLowerCase() === currentEmail.toLowerCase()) return fail('Esa ya es la dirección de correo de tu cuenta.');
    change.mutate({ newEmail, password: form.password }, { onSuccess: clear, onError: (error) => fail(errorText(error, RECOVERY_ERROR)) });
  };

  if (change.isSuccess)
    return (
      <div className={styles.stack} ref={sent} tabIndex={-1}>
        <Notice>
          Te enviamos un enlace a <strong>{change.variables.newEmail}</strong>. Ábrelo en las próximas 24 horas para confirmar el cambio.
        </Notice>
        <p className={styles.footer}>
          Hasta que lo confirmes, tu cuenta sigue con {currentEmail ? <strong>{currentEmail}</strong> : 'tu correo actual'}. Si no llega, revisa la carpeta de
          spam.
        </p>
        <Button variant="secondary" onClick={() => change.reset()}>
          Usar otra dirección
        </Button>
      </div>
    );

  return (
    <form className={`${forms.form} ${account.form}`} onSubmit={onSubmit} aria-label="Cambiar mi correo">
      <Field
        aria-required="true"
        label="Nuevo correo electrónico"
        type="email"
        autoComplete="email"
        inputMode="email"
        hint="Te enviaremos un enlace para confirmar que es tuyo."
        {...field('newEmail')}
      />
      <Field aria-required="true" label="Contraseña actual" type="password" autoComplete="current-password" {...field('password')} />
      <div className={forms.actions}>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Enviando...' : 'Cambiar mi correo'}
        </Button>
      </div>
      {problem ? <ErrorMessage key={problem.attempt}>{problem.message}</ErrorMessage> : null}
    </form>
  );
}
