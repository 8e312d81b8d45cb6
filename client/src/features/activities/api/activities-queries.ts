// The activities feature's queries and mutations: ['activities'] then ['activities', 'reflection', slug] and
// ['activities', 'lesson', slug].
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { Lesson } from '../../../lib/activity/body';

export type Reflection = { text: string | null; updatedAt: string | null };

export const SAVE_ERROR = 'Error al guardar.';

export async function fetchReflection(slug: string): Promise<Reflection> {
  return unwrap(await api.GET('/api/activity/getReflection', { params: { query: { activityId: slug } } }));
}

export async function postReflection({ slug, text }: { slug: string; text: string }): Promise<Reflection> {
  return unwrap(await api.POST('/api/activity/saveReflection', { body: { activityId: slug, text } }), SAVE_ERROR);
}

/** What a paid activity teaches, from the server (it is not in the bundle): intro, sections, closing. */
export async function fetchLesson(slug: string): Promise<Lesson> {
  return unwrap(await api.GET('/api/course/lesson/{slug}', { params: { path: { slug } } }));
}

export const activitiesQueries = {
  all: () => ['activities'] as const,
  reflection: (slug: string) =>
    queryOptions({
      queryKey: [...activitiesQueries.all(), 'reflection', slug] as const,
      queryFn: () => fetchReflection(slug),
    }),
  lesson: (slug: string) =>
    queryOptions({
      queryKey: [...activitiesQueries.all(), 'lesson', slug] as const,
      queryFn: () => fetchLesson(slug),
      // The text changes with a deploy, not while a page is open.
      staleTime: Infinity,
    }),
};

export const activitiesMutations = {
  saveReflection: () =>
    mutationOptions({
      mutationKey: [...activitiesQueries.all(), 'saveReflection'],
      mutationFn: postReflection,
      onSuccess: (saved, { slug }, _result, { client }) => client.setQueryData(activitiesQueries.reflection(slug).queryKey, saved),
    }),
};
