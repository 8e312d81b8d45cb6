// The completion set: from the server for a signed-in user, from this browser for a guest.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { completeAsGuest, useGuestProgress } from '../../../lib/guest-progress';
import { courseMutations, courseQueries } from '../api/course-queries';
import { useGuestMergePending } from './merge-state';

export type CourseProgress = {
  /** Slugs of the completed activities. */
  completed: ReadonlySet<string>;
  /**
   * True while a signed-in user's completions are on their way (a guest's are at hand), and while what they did
   * here as a guest is still on its way into their account.
   */
  isLoading: boolean;
  /**
   * Completes an activity. A user's completion goes to the server (rejects with its ApiError, e.g. 403 when
   * locked); a guest's is kept in this browser, with `data` as the activity's saved data when given.
   */
  complete: (slug: string, data?: unknown) => Promise<void>;
};

export function useCourseProgress(signedIn: boolean): CourseProgress {
  const queryClient = useQueryClient();
  const guest = useGuestProgress();
  const status = useQuery({ ...courseQueries.completion(), enabled: signedIn });
  const merging = useGuestMergePending(signedIn);
  const { mutateAsync: markAsComplete } = useMutation(courseMutations.complete());

  useEffect(() => {
    // A failed load is logged, and the course is shown as if nothing were completed.
    if (signedIn && status.error) console.error('No se pudo cargar tu progreso del curso.', status.error);
  }, [signedIn, status.error]);

  const serverSlugs = status.data;
  const completed = useMemo<ReadonlySet<string>>(
    () => new Set(signedIn ? (serverSlugs ?? []) : guest.completedSlugs),
    [signedIn, serverSlugs, guest.completedSlugs],
  );

  const complete = useCallback(
    async (slug: string, data?: unknown) => {
      if (!signedIn) {
        completeAsGuest(slug, data);
        return;
      }
      const slugs = await markAsComplete(slug);
      const { queryKey } = courseQueries.completion();
      queryClient.setQueryData(queryKey, slugs);
      await queryClient.invalidateQueries({ queryKey });
    },
    [signedIn, markAsComplete, queryClient],
  );

  return { completed, isLoading: signedIn && (status.isPending || merging), complete };
}
