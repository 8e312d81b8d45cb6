// Mounted once, inside the session: merges a guest's progress into the account after sign-in (platform.md §4).
import { useAuth } from '../features/auth/session/useAuth';
import { useGuestProgressMerge } from '../features/course/progress/useGuestProgressMerge';

export function GuestProgressMerge() {
  const { user, isLoading } = useAuth();
  useGuestProgressMerge({ userId: user?.id ?? null, isLoading });
  return null;
}
