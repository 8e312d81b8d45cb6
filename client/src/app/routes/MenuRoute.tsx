// /menu composed with the session: the menu feature shows a profile, the accounts feature knows who it is.
import { useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/session/useAuth';
import { MenuPage } from '../../features/menu/pages/MenuPage';
import { Farewell } from '../../features/accounts/components/Farewell';

export function MenuRoute() {
  const { user } = useAuth();
  // An account deleted a moment ago: the goodbye, above the menu.
  const farewell = Boolean((useLocation().state as { farewell?: boolean } | null)?.farewell) && !user;
  return (
    <>
      {farewell ? <Farewell /> : null}
      <MenuPage profile={user ? { username: user.username, profileImage: user.profileImage } : null} />
    </>
  );
}
