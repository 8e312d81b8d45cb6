// Who is meditating. The tool's page is routed straight to this feature and the activity host hands its bodies
// no roles, so this is the one place the meditation reads the session.
import { PREMIUM_ROLE } from '../../../../course/rules';
import { useAuth } from '../auth/session/useAuth';

export type Meditator = { signedIn: boolean; premium: boolean };

export function useMeditator(): Meditator {
  const { user } = useAuth();
  return { signedIn: user !== null, premium: user?.roles.includes(PREMIUM_ROLE) ?? false };
}
