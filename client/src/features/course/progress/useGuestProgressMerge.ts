// Guest progress → account: once someone is signed in and the session check is over, what
// they did as a guest is posted once; on success this browser forgets it, on failure it stays for a later try.
// Then whatever else this browser keeps for the account (`then`, composed by app/: a revelation written as a
// guest) is handed over. The two are independent: a progress sync the server refuses does not hold the rest back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../api/errors';
import { clearGuestProgress, hasGuestProgress, useGuestProgress, type GuestProgress } from '../../../lib/guest-progress';
import { courseMutations, courseQueries } from '../api/course-queries';
import { mergeFailed, mergeStarted } from './merge-state';

type Session = {
  /** The signed-in user's id, or null for a guest. */
  userId: string | null;
  /** True while the session check runs: nothing is posted before it ends. */
  isLoading: boolean;
  /**
   * What else to hand over, after the progress: for the signed-in user, the task still to do (each call decides,
   * and remembers what it already handed over), or null when there is none.
   */
  then?: (userId: string) => (() => Promise<void>) | null;
};

/**
 * Only the activities this version of the course knows: the server refuses a whole sync that names an unknown
 * one, and a slug left over from an older syllabus would otherwise block the merge for good. The syllabus is
 * loaded here, on demand, so the app's entry chunk does not carry it.
 */
async function knownOnly(progress: GuestProgress) {
  const { findActivity } = await import('../../../../../course/syllabus');
  return {
    completedSlugs: progress.completedSlugs.filter((slug) => findActivity(slug)),
    activityData: Object.fromEntries(Object.entries(progress.activityData).filter(([slug]) => findActivity(slug))),
  };
}

export function useGuestProgressMerge({ userId, isLoading, then }: Session): void {
  const queryClient = useQueryClient();
  const guest = useGuestProgress();
  const { mutateAsync: sync } = useMutation(courseMutations.syncGuestProgress());
  // What was already posted for this user: posted once, not again on every render (StrictMode included).
  const attempted = useRef<{ userId: string; progress: GuestProgress } | null>(null);

  useEffect(() => {
    if (isLoading || userId === null) return;
    let progress: GuestProgress | null = null;
    if (hasGuestProgress(guest) && !(attempted.current?.userId === userId && attempted.current.progress === guest)) {
      progress = guest;
      attempted.current = { userId, progress };
    }
    const handOver = then?.(userId) ?? null;
    if (!progress && !handOver) return;

    void (async () => {
      if (progress) {
        mergeStarted();
        try {
          const result = await sync(await knownOnly(progress));
          // The account's completions first, then the local copy goes: the pages that waited for the merge
          // (merge-state.ts) draw from the merged account, and whatever an activity read before is read again.
          const { queryKey } = courseQueries.completion();
          queryClient.setQueryData(queryKey, result.completed);
          clearGuestProgress();
          // Every feature's cached reads of this account: any of them may predate what the merge added.
          await queryClient.invalidateQueries();
        } catch (error) {
          mergeFailed();
          // The server's message (or the network error) is logged; the local copy stays for the next try.
          console.error('No se pudo guardar tu progreso de invitado en tu cuenta:', error instanceof ApiError ? error.message : error);
        }
      }
      if (handOver) await handOver();
    })();
  }, [userId, isLoading, guest, sync, then, queryClient]);
}
