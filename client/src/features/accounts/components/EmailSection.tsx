// «Correo»: the address the person signs in with and we write to, and the form that moves the account to another.
import styles from './account.module.css';
import { AccountSection } from './AccountSection';
import { ChangeEmailForm } from './ChangeEmailForm';

export function EmailSection({ email }: { email: string }) {
  return (
    <AccountSection title="Correo" intro="Con este correo inicias sesión, y a él te escribimos.">
      <p>
        Tu correo: <span className={styles.value}>{email}</span>
      </p>
      <ChangeEmailForm currentEmail={email} />
    </AccountSection>
  );
}
