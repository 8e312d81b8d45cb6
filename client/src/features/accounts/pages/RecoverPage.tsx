// /recuperar: without a token, the form that asks for a reset link (the same confirmation whatever the address);
// with the mail's ?token=…, the form that sets the new password (the signup's rules), then the way to /login.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/errors';
import { errorText } from '../../../api/error-text';
import { Button, ButtonLink } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import { useAuth } from '../../../lib/session/useAuth';
import forms from '../../../styles/forms.module.css';
import { RECOVERY_ERROR, recoveryMutations } from '../api/recovery-mutations';
import { AuthCard } from '../components/AuthCard';
import { ErrorMessage } from '../components/Messages';
import styles from '../components/auth.module.css';
import { newPasswordProblem, PASSWORD_HINT } from '../lib/new-password';
import { useFormFields } from '../lib/use-form-fields';
import { useLinkToken } from '../../../lib/link-token';

export function RecoverPage() {
  const token = useLinkToken();
  // A dead link offers a new one: the page turns into the request form.
  const [askAgain, setAskAgain] = useState(false);
  if (token && !askAgain) return <NewPasswordForm token={token} onAskAgain={() => setAskAgain(true)} />;
  return <RequestLinkForm />;
}

/** Puts keyboard and screen-reader users on a view that replaced the form. */
function useFocusOnMount() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function RequestLinkForm() {
  const forgot = useMutation(recoveryMutations.forgotPassword());
  const { form, field, problem, attempt } = useFormFields({ email: '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    const fail = attempt();
    const address = form.email.trim();
    if (!address) return fail('Por favor, escribe tu correo electrónico.');
    forgot.mutate(address, { onError: (error) => fail(errorText(error, RECOVERY_ERROR)) });
  };

  if (forgot.isSuccess) return <LinkSent email={forgot.variables} onAgain={() => forgot.reset()} />;

  return (
    <AuthCard title="Recupera tu contraseña" lead="Escribe el correo con el que creaste tu cuenta y te enviaremos un enlace para crear una nueva contraseña.">
      <form className={forms.form} onSubmit={onSubmit} aria-label="Pedir un enlace para crear una nueva contraseña">
        <Field aria-required="true" label="Correo electrónico" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <Button type="submit" disabled={forgot.isPending}>
          {forgot.isPending ? 'Enviando...' : 'Enviarme el enlace'}
        </Button>
      </form>
      {problem ? <ErrorMessage key={problem.attempt}>{problem.message}</ErrorMessage> : null}
      <p className={styles.footer}>
        ¿Te acordaste? <Link to="/login">Vuelve a iniciar sesión</Link>
      </p>
    </AuthCard>
  );
}

/** The same words whether or not the address has an account: only its owner's inbox tells. */
function LinkSent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const title = useFocusOnMount();
  return (
    <AuthCard
      title="Revisa tu correo"
      eyebrow="Enlace enviado"
      titleRef={title}
      lead={
        <>
          Si <strong>{email}</strong> tiene una cuenta en Manifiesta, te enviamos un enlace para crear una nueva contraseña.
        </>
      }
    >
      <p className={styles.footer}>
        El enlace vale por 1 hora y se puede usar una sola vez. Si no llega en unos minutos, revisa la carpeta de spam o de promociones, o pídelo de nuevo.
      </p>
      <div className={styles.stack}>
        <ButtonLink to="/login">Volver a iniciar sesión</ButtonLink>
        <Button variant="secondary" onClick={onAgain}>
          Pedir otro enlace
        </Button>
      </div>
    </AuthCard>
  );
}

function NewPasswordForm({ token, onAskAgain }: { token: string; onAskAgain: () => void }) {
  const { refresh } = useAuth();
  const reset = useMutation(recoveryMutations.resetPassword());
  const { form, field, problem, attempt } = useFormFields({ password: '', confirmPassword: '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const fail = attempt();
    const invalid = !form.password || !form.confirmPassword ? 'Por favor, completa ambos campos.' : newPasswordProblem(form.password, form.confirmPassword);
    if (invalid) return fail(invalid);
    reset.mutate(
      { token, password: form.password },
      // Every session of the account has ended, this browser's too.
      { onSuccess: () => void refresh(null), onError: (error) => fail(errorText(error, RECOVERY_ERROR)) },
    );
  };

  if (reset.isSuccess) return <PasswordSaved message={reset.data} />;
  // The password passed the same rules here: a refusal is about the link (unknown, used or expired).
  if (reset.error instanceof ApiError && (reset.error.status === 410 || reset.error.status === 400))
    return <DeadLink message={reset.error.message} onAskAgain={onAskAgain} />;

  return (
    <AuthCard title="Crea una nueva contraseña" lead="Elige la contraseña nueva de tu cuenta. Al guardarla, se cerrarán todas las sesiones abiertas.">
      <form className={forms.form} onSubmit={onSubmit} aria-label="Crear una nueva contraseña">
        <Field aria-required="true" label="Nueva contraseña" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...field('password')} />
        <Field aria-required="true" label="Confirmar contraseña" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? 'Guardando...' : 'Guardar mi nueva contraseña'}
        </Button>
      </form>
      {problem ? <ErrorMessage key={problem.attempt}>{problem.message}</ErrorMessage> : null}
    </AuthCard>
  );
}

function PasswordSaved({ message }: { message: string }) {
  const title = useFocusOnMount();
  return (
    <AuthCard title="¡Contraseña actualizada!" eyebrow="Listo" titleRef={title} lead={message}>
      <ButtonLink to="/login">Iniciar sesión</ButtonLink>
    </AuthCard>
  );
}

function DeadLink({ message, onAskAgain }: { message: string; onAskAgain: () => void }) {
  const title = useFocusOnMount();
  return (
    <AuthCard title="Este enlace ya no sirve" titleRef={title}>
      <ErrorMessage>{message}</ErrorMessage>
      <div className={styles.stack}>
        <Button onClick={onAskAgain}>Pedir un enlace nuevo</Button>
        <ButtonLink variant="secondary" to="/login">
          Iniciar sesión
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
