import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { accountMutations, VERIFY_ERROR } from '../api/account-mutations';
import { AuthCard } from '../components/AuthCard';
import { ButtonLink } from '../../../components/Button/Button';
import { ErrorMessage } from '../components/Messages';
import styles from '../components/auth.module.css';
import { errorText } from '../../../api/error-text';
import { redirectParam, safeRedirectPath, withRedirect } from '../../../lib/redirect';

export const REDIRECT_AFTER_VERIFY_MS = 3000;

/** The login page after a verification; the link's `redirect` (checked) goes on, so login ends where signup began. */
function loginAfterVerify(redirect: string | null): string {
  return redirect ? `/login?verified=true&${redirectParam(redirect)}` : '/login?verified=true';
}

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const loginPath = loginAfterVerify(redirect);
  const navigate = useNavigate();
  const verify = useMutation(accountMutations.verifyEmail());
  const { mutate } = verify;

  // A link works once: StrictMode's second effect run (and any re-render) must not spend it again.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  useEffect(() => {
    if (!verify.isSuccess) return undefined;
    const timer = setTimeout(() => navigate(loginPath, { replace: true }), REDIRECT_AFTER_VERIFY_MS);
    return () => clearTimeout(timer);
  }, [verify.isSuccess, navigate, loginPath]);

  return (
    <AuthCard title="Verificación de cuenta">
      {!token ? (
        <VerifyError message="No se encontró un token de verificación en la URL." redirect={redirect} />
      ) : verify.isError ? (
        <VerifyError message={errorText(verify.error, VERIFY_ERROR)} redirect={redirect} />
      ) : verify.isSuccess ? (
        <div className={`${styles.stack} ${styles.centered}`} role="status">
          <SuccessMark />
          <h2>¡Tu cuenta está activa!</h2>
          <p>Gracias por confirmar tu correo. Te llevamos a iniciar sesión en unos segundos...</p>
          <ButtonLink to={loginPath} replace>
            Iniciar sesión ahora
          </ButtonLink>
        </div>
      ) : (
        <div className={styles.status} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          <span>Verificando tu cuenta...</span>
        </div>
      )}
    </AuthCard>
  );
}

function VerifyError({ message, redirect }: { message: string; redirect: string | null }) {
  return (
    <div className={styles.stack}>
      <h2>Error de Verificación</h2>
      <ErrorMessage>{message}</ErrorMessage>
      <p className={styles.footer}>Si el enlace venció o ya lo usaste, puedes registrarte de nuevo o iniciar sesión si tu cuenta ya está activa.</p>
      <ButtonLink to={withRedirect('/signup', redirect)}>Volver a registrarme</ButtonLink>
      <ButtonLink variant="secondary" to={withRedirect('/login', redirect)}>
        Iniciar sesión
      </ButtonLink>
    </div>
  );
}

function SuccessMark() {
  return (
    <svg className={styles.illustration} viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="34" fill="var(--color-teal-50)" />
      <circle cx="36" cy="36" r="25" fill="var(--action-bg)" />
      <path d="M25 37l7.5 7.5L48 29" fill="none" stroke="#fff" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
