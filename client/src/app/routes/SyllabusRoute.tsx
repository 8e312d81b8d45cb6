// /cursos/manifiesta composed with the session: the course shows progress, the accounts feature knows who it is.
import { useAuth } from '../../lib/session/useAuth';
import { SyllabusPage } from '../../features/course/pages/SyllabusPage';

export function SyllabusRoute() {
  const { user } = useAuth();
  return <SyllabusPage viewer={user ? { roles: user.roles } : null} />;
}
