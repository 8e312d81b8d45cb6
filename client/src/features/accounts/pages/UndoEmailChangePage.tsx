// /cuenta/deshacer-correo: the link mailed to the previous address of a change, which gives the account its address
// back. It reads its token, takes it out of the address bar, spends it once and suggests a new password.
import { errorText } from '../../../api/error-text';
import { ButtonLink } from '../../../components/Button/Button';
import { useAuth } from '../../../lib/session/useAuth';
import { RECOVERY_ERROR, recoveryMutations } from '../api/recovery-mutations';
import { AuthCard } from '../components/AuthCard';
import { useSpentOnce, Working } from '../components/LinkLanding';
import { ErrorMessage } from '../components/Messages';
import styles from '../components/auth.module.css';
import { useLinkToken } from '../../../lib/link-token';

export function UndoEmailChangePage() {
  const token = useLinkToken();
  const { refresh } = useAuth();
  // Every session of the account has ended, this browser's too.
  const undo = useSpentOnce(token, recoveryMutations.undoEmailChange(), () => void refresh(null));

  return (
    <AuthCard title="Deshacer el cambio de correo">
      {!token ? (
        <ErrorMessage>Falta el enlace para deshacer el cambio de correo. Ábrelo desde el correo que te enviamos.</ErrorMessage>
      ) : undo.isError ? (
        <div className={styles.stack}>
          <ErrorMessage>{errorText(undo.error, RECOVERY_ERROR)}</ErrorMessage>
          <ButtonLink to="/recuperar">Crear una nueva contraseña</ButtonLink>
        </div>
      ) : undo.isSuccess ? (
        <div className={`${styles.stack} ${styles.centered}`} role="status">
          <h2>Tu correo volvió a ser el de antes</h2>
          <p>{undo.data}</p>
          <ButtonLink to="/recuperar">Crear una nueva contraseña</ButtonLink>
          <ButtonLink variant="secondary" to="/login">
            Iniciar sesión
          </ButtonLink>
        </div>
      ) : (
        <Working text="Deshaciendo el cambio..." />
      )}
    </AuthCard>
  );
}
