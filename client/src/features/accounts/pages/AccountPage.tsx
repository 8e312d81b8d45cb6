// /mi-cuenta: the signed-in person's own account — name, password, e-mail, open sessions, their data, and leaving.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../../lib/session/useAuth';
import { DataSection } from '../components/DataSection';
import { DeleteSection } from '../components/DeleteSection';
import { EmailSection } from '../components/EmailSection';
import { NameSection } from '../components/NameSection';
import { PasswordSection } from '../components/PasswordSection';
import { SessionsSection } from '../components/SessionsSection';
import styles from '../components/account.module.css';

/** What the page an account was deleted from hands to the next one: a goodbye to show. */
export const FAREWELL_STATE = { farewell: true } as const;

export function AccountPage() {
  const { user, refresh, logout } = useAuth();
  const navigate = useNavigate();
  const deletedAccount = useRef(false);

  // An account deleted: once this page is gone (were it still shown, its guard would send the signed-out visitor to
  // log in), the browser forgets the session and everything it cached.
  useEffect(
    () => () => {
      if (deletedAccount.current) void logout();
    },
    [logout],
  );

  // The route is for signed-in people only (its guard sends a guest to log in).
  if (!user) return null;

  /** This device's session was ended: the browser forgets it and everything it cached; the guard sends it to log in. */
  const signedOut = async () => {
    await logout();
  };
  const deleted = () => {
    deletedAccount.current = true;
    void navigate('/', { replace: true, state: FAREWELL_STATE });
  };

  return (
    <div className={styles.page}>
      <title>Mi cuenta · Manifiesta</title>
      <header className={styles.header}>
        <p className="eyebrow">Tu cuenta</p>
        <h1>Mi cuenta</h1>
        <p className={styles.lead}>Tu nombre, tu contraseña, dónde está abierta tu cuenta y tus datos.</p>
      </header>
      <NameSection current={user.username} onRenamed={(renamed) => void refresh(renamed)} />
      <PasswordSection />
      <EmailSection email={user.email} />
      <SessionsSection onSignedOut={signedOut} />
      <DataSection />
      <DeleteSection onDeleted={deleted} />
    </div>
  );
}
