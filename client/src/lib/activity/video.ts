// An activity's video, as the coach put it in its place (course/placements.ts): a free activity's comes with the
// site's public placements; a paid one's is asked of the server, which gives it to premium learners only
// (GET /api/course/video/{slug}). Null while unknown, and when she has put none (the activity shows no video).
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { videoSlot } from '../../../../course/placements';
import type { Activity } from '../../../../course/syllabus';
import { api, unwrap } from '../../api/client';
import { usePlacement } from '../placements';
import { AuthContext } from '../session/auth-context';

/** The video's address for the player (a file, or a YouTube or Vimeo link it embeds); `enabled` false asks nothing. */
export function useActivityVideo(activity: Pick<Activity, 'slug' | 'isFree'>, enabled = true): string | null {
  const free = usePlacement(videoSlot(activity.slug), enabled && activity.isFree);
  // Only a premium learner may have a paid activity's video: a guest does not ask.
  // (Outside the app's session, as a body alone, nobody is signed in.)
  const signedIn = Boolean(useContext(AuthContext)?.user);
  const paid = useQuery({
    queryKey: ['course', 'video', activity.slug],
    queryFn: async () => unwrap(await api.GET('/api/course/video/{slug}', { params: { path: { slug: activity.slug } } })),
    enabled: enabled && !activity.isFree && signedIn,
    staleTime: 5 * 60_000,
  });
  if (!enabled) return null;
  return activity.isFree ? (free?.url ?? null) : (paid.data?.url ?? null);
}
