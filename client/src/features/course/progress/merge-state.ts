// Whether the course pages of a signed-in learner should wait for the merge of this browser's guest progress
// (useGuestProgressMerge): while it is on its way, the account does not yet hold what the learner did as a
// guest, and a page drawn from it would show an activity as never started, then keep that picture. They wait
// until the merge has handed everything over (this browser then forgets its copy) or has failed (the account's
// own state shows; the copy stays here for the next try).
import { useSyncExternalStore } from 'react';
import { hasGuestProgress, useGuestProgress } from '../../../lib/guest-progress';

let failed = false;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function setFailed(value: boolean) {
  if (failed === value) return;
  failed = value;
  listeners.forEach((listener) => listener());
}

/** A merge starts: the pages wait for its outcome. */
export const mergeStarted = () => setFailed(false);
/** A merge failed: the pages stop waiting. */
export const mergeFailed = () => setFailed(true);

/** True while a signed-in learner's course pages should wait for this browser's guest progress to arrive. */
export function useGuestMergePending(signedIn: boolean): boolean {
  const guest = useGuestProgress();
  const gaveUp = useSyncExternalStore(
    subscribe,
    () => failed,
    () => failed,
  );
  return signedIn && hasGuestProgress(guest) && !gaveUp;
}
