// Guest progress → account (platform.md §4): once someone is signed in and the session check is over, what
// they did as a guest is posted once; on success this browser forgets it, on failure it stays for a later try.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../api/errors';
import { clearGuestProgress, hasGuestProgress, useGuestProgress, type GuestProgress } from '../../../lib/guest-progress';
import { courseMutations, courseQueries } from '../api/course-queries';

type Session = {
  /** The signed-in user's id, or null for a guest. */
  userId: string | null;
  /** True while the session check runs: nothing is posted before it ends. */
  isLoading: boolean;
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

export function useGuestProgressMerge({ userId, isLoading }: Session): void {
  const queryClient = useQueryClient();
  const guest = useGuestProgress();
  const { mutateAsync: sync } = useMutation(courseMutations.syncGuestProgress());
  // The progress already posted for this user: posted once, not again on every render (StrictMode included).
  const attempted = useRef<{ userId: string; progress: GuestProgress } | null>(null);

  useEffect(() => {
    if (isLoading || userId === null || !hasGuestProgress(guest)) return;
    if (attempted.current?.userId === userId && attempted.current.progress === guest) return;
    attempted.current = { userId, progress: guest };

    void (async () => {
      try {
        const result = await sync(await knownOnly(guest));
        clearGuestProgress();
        const { queryKey } = courseQueries.completion();
        queryClient.setQueryData(queryKey, result.completed);
        await queryClient.invalidateQueries({ queryKey });
      } catch (error) {
        // Spec §8: the server's message is logged; the local copy stays for the next try.
        console.error(
          'No se pudo guardar tu progreso de invitado en tu cuenta:',
          error instanceof ApiError ? error.message : error,
        );
      }
    })();
  }, [userId, isLoading, guest, sync, queryClient]);
}
