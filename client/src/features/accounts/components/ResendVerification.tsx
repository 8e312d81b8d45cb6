import { useMutation } from '@tanstack/react-query';
import { accountMutations, RESEND_ERROR } from '../api/account-mutations';
import { errorText } from '../../../api/error-text';
import { safeRedirectPath } from '../../../lib/redirect';
import { Button } from '../../../components/Button/Button';
import styles from './auth.module.css';
import { ErrorMessage, Notice } from './Messages';

/**
 * «Reenviar el correo de verificación» for `email`; shows the server's answer. `redirect`, when it is a path of
 * this site, rides in the new link as in the first one.
 */
export function ResendVerification({ email, redirect }: { email: string; redirect?: string | null }) {
  const resend = useMutation(accountMutations.resendVerification());

  return (
    <div className={styles.stack}>
      <Button
        variant="secondary"
        type="button"
        disabled={resend.isPending}
        onClick={() => resend.mutate({ email, redirect: safeRedirectPath(redirect) ?? undefined })}
      >
        {resend.isPending ? 'Reenviando...' : 'Reenviar el correo de verificación'}
      </Button>
      {resend.isSuccess ? (
        <Notice>{resend.data || 'Si la dirección está registrada, te enviamos un nuevo enlace. Revisa tu bandeja de entrada.'}</Notice>
      ) : null}
      {resend.isError ? <ErrorMessage>{errorText(resend.error, RESEND_ERROR)}</ErrorMessage> : null}
    </div>
  );
}
