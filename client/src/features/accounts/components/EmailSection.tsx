// «Correo»: the address the person signs in with and we write to.
import type { ReactNode } from 'react';
import styles from './account.module.css';
import { AccountSection } from './AccountSection';

type EmailSectionProps = {
  email: string;
  /** The form to change the address (confirmed by a link to the new one) goes here: the app composes it in. */
  changeForm?: ReactNode;
};

export function EmailSection({ email, changeForm }: EmailSectionProps) {
  return (
    <AccountSection title="Correo" intro="Con este correo inicias sesión, y a él te escribimos.">
      <p>
        Tu correo: <span className={styles.value}>{email}</span>
      </p>
      {/* MOUNT POINT: the change-of-e-mail form (ChangeEmailForm) is passed in as `changeForm`. */}
      <div className={styles.slot} data-slot="change-email">
        {changeForm}
      </div>
    </AccountSection>
  );
}
