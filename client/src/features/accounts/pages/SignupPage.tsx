import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { accountMutations, SIGNUP_ERROR } from '../api/account-mutations';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../../../components/Field/Field';
import { ErrorMessage } from '../components/Messages';
import { Button, ButtonLink } from '../../../components/Button/Button';
import { ResendVerification } from '../components/ResendVerification';
import forms from '../../../styles/forms.module.css';
import styles from '../components/auth.module.css';
import { errorText } from '../../../api/error-text';
import { safeRedirectPath, withRedirect } from '../../../lib/redirect';
import { NAME_MESSAGE, plainName } from '../../../../../course/contact';
import { newPasswordProblem, PASSWORD_HINT } from '../lib/new-password';
import { useFormFields } from '../lib/use-form-fields';

type Form = { username: string; email: string; password: string; confirmPassword: string };

const EMPTY: Form = { username: '', email: '', password: '', confirmPassword: '' };

/** The sign-up checks, in their fixed order: the first that fails gives the message. */
function validate(form: Form): string | null {
  if (!form.username.trim() || !form.email.trim() || !form.password || !form.confirmPassword) {
    return 'Por favor, completa todos los campos.';
  }
  if (plainName(form.username) === null) return NAME_MESSAGE;
  return newPasswordProblem(form.password, form.confirmPassword);
}

export function SignupPage() {
  const [searchParams] = useSearchParams();
  // Only a path of this site travels on: in the links here and, through the server, in the verification mail.
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const signup = useMutation(accountMutations.signup());
  const { form, field, problem, attempt } = useFormFields<Form>(EMPTY);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending) return;
    const fail = attempt();
    const invalid = validate(form);
    if (invalid) return fail(invalid);
    const account = { username: form.username.trim(), email: form.email.trim(), password: form.password };
    signup.mutate(redirect ? { ...account, redirect } : account, { onError: (error) => fail(errorText(error, SIGNUP_ERROR)) });
  };

  if (signup.isSuccess) return <SignupSuccess email={signup.variables.email} redirect={redirect} />;

  return (
    <AuthCard title="Crear cuenta" lead="Crea tu cuenta gratis y guarda tu progreso del curso en todos tus dispositivos.">
      <form className={forms.form} onSubmit={onSubmit} aria-label="Crear cuenta">
        <Field
          aria-required="true"
          label="Tu nombre"
          type="text"
          autoComplete="nickname"
          autoCapitalize="words"
          spellCheck={false}
          maxLength={60}
          hint="Así te saludaremos. Letras, espacios, apóstrofos o guiones."
          {...field('username')}
        />
        <Field aria-required="true" label="Correo electrónico" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <Field aria-required="true" label="Contraseña" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...field('password')} />
        <Field aria-required="true" label="Confirmar contraseña" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" disabled={signup.isPending}>
          {signup.isPending ? 'Registrando...' : 'Crear cuenta'}
        </Button>
      </form>

      {problem ? <ErrorMessage key={problem.attempt}>{problem.message}</ErrorMessage> : null}

      <p className={styles.footer}>
        ¿Ya tienes cuenta? <Link to={withRedirect('/login', redirect)}>Inicia sesión</Link>
      </p>
    </AuthCard>
  );
}

/**
 * The 'Registro Exitoso' panel: the account waits for the link we just e-mailed. An address that already had an
 * account gets the same answer and this same panel (signup tells no one which addresses are registered); its
 * owner's mail says so instead.
 */
function SignupSuccess({ email, redirect }: { email: string; redirect: string | null }) {
  const title = useRef<HTMLHeadingElement>(null);
  // The form is gone: put keyboard and screen-reader users on the news.
  useEffect(() => title.current?.focus(), []);

  return (
    <AuthCard
      title="Registro Exitoso"
      eyebrow="Un paso más"
      titleRef={title}
      lead={
        <>
          Te enviamos un correo de confirmación a <strong>{email}</strong>. Abre el enlace que encontrarás allí para activar tu cuenta.
        </>
      }
    >
      <p className={styles.footer}>
        ¿No lo ves en unos minutos? Revisa la carpeta de spam o de promociones, o pide uno nuevo. Si esa dirección ya tenía una cuenta, el correo te lo cuenta y
        te lleva a iniciar sesión.
      </p>
      <div className={styles.stack}>
        <ButtonLink to={withRedirect('/login', redirect)}>Ir a iniciar sesión</ButtonLink>
        <ResendVerification email={email} redirect={redirect} />
      </div>
    </AuthCard>
  );
}
