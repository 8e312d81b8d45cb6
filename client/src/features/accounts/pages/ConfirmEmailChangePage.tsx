// /cuenta/confirmar-correo: the link mailed to the new address of a change. It reads its token, takes it out of the
// address bar, spends it once and says what happened.
import { errorText } from '../../../api/error-text';
import { ButtonLink } from '../../../components/Button/Button';
import { useAuth } from '../../../lib/session/useAuth';
import { RECOVERY_ERROR, recoveryMutations } from '../api/recovery-mutations';
import { AuthCard } from '../components/AuthCard';
import { useSpentOnce, Working } from '../components/LinkLanding';
import { ErrorMessage } from '../components/Messages';
import styles from '../components/auth.module.css';
import { useLinkToken } from '../../../lib/link-token';

export function ConfirmEmailChangePage() {
  const token = useLinkToken();
  const { user, refresh } = useAuth();
  // This browser's session, if it is the account's, goes on with the new address: the page asks for it again.
  const confirm = useSpentOnce(token, recoveryMutations.confirmEmailChange(), () => void refresh());

  return (
    <AuthCard title="Confirmar tu nuevo correo">
      {!token ? (
        <ErrorMessage>Falta el enlace para confirmar tu nuevo correo. Ábrelo desde el correo que te enviamos.</ErrorMessage>
      ) : confirm.isError ? (
        <div className={styles.stack}>
          <ErrorMessage>{errorText(confirm.error, RECOVERY_ERROR)}</ErrorMessage>
          <ButtonLink to={user ? '/menu' : '/login'}>{user ? 'Volver al inicio' : 'Iniciar sesión'}</ButtonLink>
        </div>
      ) : confirm.isSuccess ? (
        <div className={`${styles.stack} ${styles.centered}`} role="status">
          <h2>¡Correo confirmado!</h2>
          <p>{confirm.data}</p>
          <ButtonLink to={user ? '/menu' : '/login'}>{user ? 'Volver al inicio' : 'Iniciar sesión'}</ButtonLink>
        </div>
      ) : (
        <Working text="Confirmando tu nuevo correo..." />
      )}
    </AuthCard>
  );
}
