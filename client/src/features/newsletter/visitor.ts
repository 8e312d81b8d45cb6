// Who may subscribe: only visitors who are not signed in. The newsletter pages are
// routed straight to this feature, so this is the one place it reads the session.
import { useAuth } from '../../lib/session/useAuth';

/** False while the session is still being checked, so a signed-in reader never sees the form flash by. */
export function useIsSignedOutVisitor(): boolean {
  const { user, isLoading } = useAuth();
  return !isLoading && user === null;
}
