// Who is meditating. The tool's page is routed straight to this feature and the activity host hands its bodies
// no roles, so this is the one place the meditation reads the session. With no network the account last signed
// in at this device meditates (its sessions wait in this browser and are sent when the network returns).
import { PREMIUM_ROLE } from '../../../../course/rules';
import { useAuth } from '../../lib/session/useAuth';

export type Meditator = {
  signedIn: boolean;
  premium: boolean;
  /** The account the meditation's writes belong to, or null for a guest. */
  owner: string | null;
  /** Signed in at this device, but the server cannot be reached now. */
  offline: boolean;
};

export function useMeditator(): Meditator {
  const { user, offlineUser } = useAuth();
  const account = user ?? offlineUser ?? null;
  return {
    signedIn: account !== null,
    premium: account?.roles.includes(PREMIUM_ROLE) ?? false,
    owner: account?.id ?? null,
    offline: user === null && account !== null,
  };
}
