// /menu composed with the session: the menu feature shows a profile, the accounts feature knows who it is.
import { useAuth } from '../../lib/session/useAuth';
import { MenuPage } from '../../features/menu/pages/MenuPage';

export function MenuRoute() {
  const { user } = useAuth();
  return <MenuPage profile={user ? { username: user.username, profileImage: user.profileImage } : null} />;
}
