import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouteFallback } from '../RouteFallback';
import { withRedirect } from '../../lib/redirect';
import { useAuth } from '../../lib/session/useAuth';

/** Signed-in users only. A guest goes to /login, which brings them back here afterwards. */
export function ProtectedRoute() {
  const { user, isLoading } = useAuth();
  const { pathname, search, hash } = useLocation();

  if (isLoading) return <RouteFallback />;
  if (!user) {
    const from = pathname + search + hash;
    return <Navigate to={withRedirect('/login', from)} replace state={{ from }} />;
  }
  return <Outlet />;
}
