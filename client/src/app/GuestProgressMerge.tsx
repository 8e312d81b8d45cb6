// Mounted once, inside the session: hands what a guest did in this browser to the account after sign-in
// (guest-handover.ts). It (and TanStack Query with it) loads only once someone is signed in: a guest's first page
// stays small.
import { lazy, Suspense } from 'react';
import { useAuth } from '../lib/session/useAuth';

const SignedInMerge = lazy(() =>
  Promise.all([import('./guest-handover'), import('./query-scope')]).then(([{ useGuestHandover }, { QueryScope }]) => {
    function Merge({ userId }: { userId: string }) {
      useGuestHandover({ userId, isLoading: false });
      return null;
    }
    return {
      default: ({ userId }: { userId: string }) => (
        <QueryScope>
          <Merge userId={userId} />
        </QueryScope>
      ),
    };
  }),
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
