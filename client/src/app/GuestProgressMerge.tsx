// Mounted once, inside the session: merges a guest's progress into the account after sign-in.
// The merge (and TanStack Query with it) loads only once someone is signed in: a guest's first page stays small.
import { lazy, Suspense } from 'react';
import { useAuth } from '../lib/session/useAuth';

const SignedInMerge = lazy(() =>
  Promise.all([import('../features/course/progress/useGuestProgressMerge'), import('./query-scope')]).then(
    ([{ useGuestProgressMerge }, { QueryScope }]) => {
      function Merge({ userId }: { userId: string }) {
        useGuestProgressMerge({ userId, isLoading: false });
        return null;
      }
      return {
        default: ({ userId }: { userId: string }) => (
          <QueryScope>
            <Merge userId={userId} />
          </QueryScope>
        ),
      };
    },
  ),
);

export function GuestProgressMerge() {
  const { user, isLoading } = useAuth();
  if (isLoading || !user) return null;
  return (
    <Suspense fallback={null}>
      <SignedInMerge userId={user.id} />
    </Suspense>
  );
}
