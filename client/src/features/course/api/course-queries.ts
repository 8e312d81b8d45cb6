// The course feature's queries and mutations: keys from generic to specific, ['course'] then
// ['course', 'completion']. Mutations write through the same keys.
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

type SyncBody = paths['/api/activity/syncGuestProgress']['post']['requestBody']['content']['application/json'];

/** The signed-in user's completed activities, as slugs. */
export async function fetchCompletionStatus(): Promise<string[]> {
  return unwrap(await api.GET('/api/activity/getCompletionStatus'));
}

/** Completes an activity on the server (403 with a Spanish reason when it is locked); the new list. */
export async function postMarkAsComplete(slug: string): Promise<string[]> {
  return unwrap(await api.POST('/api/activity/markAsComplete', { body: { activityId: slug } }));
}

export async function postGuestProgress(body: SyncBody) {
  return unwrap(await api.POST('/api/activity/syncGuestProgress', { body }));
}

export const courseQueries = {
  all: () => ['course'] as const,
  completion: () =>
    queryOptions({
      queryKey: [...courseQueries.all(), 'completion'] as const,
      queryFn: fetchCompletionStatus,
    }),
};

export const courseMutations = {
  complete: () => mutationOptions({ mutationKey: [...courseQueries.all(), 'complete'], mutationFn: postMarkAsComplete }),
  syncGuestProgress: () => mutationOptions({ mutationKey: [...courseQueries.all(), 'syncGuestProgress'], mutationFn: postGuestProgress }),
};
