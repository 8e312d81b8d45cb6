import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../api/errors';
import { LOGIN_ERROR } from '../api/session-mutations';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../../../components/Field/Field';
import { ErrorMessage, Notice } from '../components/Messages';
import { Button } from '../../../components/Button/Button';
import { ResendVerification } from '../components/ResendVerification';
import forms from '../../../styles/forms.module.css';
import styles from '../components/auth.module.css';
import { errorText } from '../../../api/error-text';
import { postLoginPath, withRedirect } from '../../../lib/redirect';
import { useAuth } from '../../../lib/session/useAuth';

// `attempt` remounts the alert so the same message said twice is announced twice.
type Failure = { message: string; unverifiedEmail: string | null; attempt: number };

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();

  // Read once: the query is cleared right away, the banner stays.
  const [justVerified] = useState(() => searchParams.get('verified') === 'true');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const attempts = useRef(0);

  useEffect(() => {
    if (!searchParams.has('verified')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('verified');
    setSearchParams(rest, { replace: true, state: location.state });
  }, [searchParams, setSearchParams, location.state]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    attempts.current += 1;
    const attempt = attempts.current;
    if (!address || !password) {
      setFailure({ message: 'Por favor, completa ambos campos.', unverifiedEmail: null, attempt });
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      await login({ email: address, password });
      navigate(postLoginPath(searchParams, location.state), { replace: true });
    } catch (error) {
      // 403: the account exists but its e-mail is not confirmed yet; offer a new link.
      const unverified = error instanceof ApiError && error.status === 403;
      setFailure({ message: errorText(error, LOGIN_ERROR), unverifiedEmail: unverified ? address : null, attempt });
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Iniciar sesión" lead="Qué alegría verte de nuevo. Ingresa para retomar tu curso justo donde lo dejaste.">
      {justVerified ? <Notice>Tu cuenta ha sido activada! Ya puedes iniciar sesión.</Notice> : null}

      <form className={forms.form} onSubmit={onSubmit} aria-label="Iniciar sesión">
        <Field
          aria-required="true"
          label="Correo electrónico"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          aria-required="true"
          label="Contraseña"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Ingresando...' : 'Iniciar sesión'}
        </Button>
      </form>

      <p className={styles.footer}>
        <Link to="/recuperar">¿Olvidaste tu contraseña?</Link>
      </p>

      {failure ? (
        <div className={styles.stack}>
          <ErrorMessage key={failure.attempt}>{failure.message}</ErrorMessage>
          {failure.unverifiedEmail ? (
            <ResendVerification key={failure.unverifiedEmail} email={failure.unverifiedEmail} redirect={searchParams.get('redirect')} />
          ) : null}
        </div>
      ) : null}

      <p className={styles.footer}>
        ¿Todavía no tienes cuenta? <Link to={withRedirect('/signup', searchParams.get('redirect'))}>Crea tu cuenta gratis</Link>
      </p>
    </AuthCard>
  );
}
