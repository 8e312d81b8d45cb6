// The life wheel and its two writing activities (activities 1–3): the ratings, the area definitions, and
// the writes, which keep the cache in step with what the server saved. Keys: ['activities', 'wheel', 'ratings']
// and ['activities', 'areaDefinitions', slug].
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../../api/client';
import { WHEEL_ACTIVITY } from '../../../../../../course/activities';
import type { DefinitionActivity } from '../../../../../../course/wheel';
import type { paths } from '../../../../api/schema';

/** The server's enum of area ids: the ids of course/areas.ts, which it is built from. */
type AreaId = paths['/api/activity/saveRating']['post']['requestBody']['content']['application/json']['areaId'];

export type Ratings = Record<string, number>;
export type AreaDefinitions = { definitions: Record<string, string>; ratings: Ratings };

/** What a failed rating save is called internally (the visitor sees the alert). */
export const SAVE_RATING_ERROR = 'Fallo al guardar la calificación.';
export const SAVE_DEFINITION_ERROR = 'Error al guardar.';
export const LOAD_ERROR = 'No se pudieron cargar los datos.';

export async function fetchRatings(): Promise<Ratings> {
  return unwrap(await api.GET('/api/activity/getActivityRatings', { params: { query: { activityId: WHEEL_ACTIVITY } } }), LOAD_ERROR);
}

export async function postRating({ areaId, score }: { areaId: string; score: number }): Promise<Ratings> {
  return unwrap(await api.POST('/api/activity/saveRating', { body: { activityId: WHEEL_ACTIVITY, areaId: areaId as AreaId, score } }), SAVE_RATING_ERROR);
}

export async function fetchAreaDefinitions(slug: DefinitionActivity): Promise<AreaDefinitions> {
  return unwrap(await api.GET('/api/activity/getAreaDefinitions', { params: { query: { activityId: slug } } }), LOAD_ERROR);
}

export async function postAreaDefinition({
  activityId,
  areaId,
  definition,
}: {
  activityId: DefinitionActivity;
  areaId: string;
  definition: string;
}): Promise<void> {
  unwrap(await api.POST('/api/activity/saveAreaDefinition', { body: { activityId, areaId: areaId as AreaId, definition } }), SAVE_DEFINITION_ERROR);
}

export const wheelQueries = {
  all: () => ['activities'] as const,
  ratings: () =>
    queryOptions({
      queryKey: [...wheelQueries.all(), 'wheel', 'ratings'] as const,
      queryFn: fetchRatings,
    }),
  areaDefinitions: (slug: DefinitionActivity) =>
    queryOptions({
      queryKey: [...wheelQueries.all(), 'areaDefinitions', slug] as const,
      queryFn: () => fetchAreaDefinitions(slug),
    }),
};

export const wheelMutations = {
  saveRating: () =>
    mutationOptions({
      mutationKey: [...wheelQueries.all(), 'saveRating'],
      mutationFn: postRating,
      onSuccess: (saved, _rating, _result, { client }) => client.setQueryData(wheelQueries.ratings().queryKey, saved),
    }),
  saveAreaDefinition: () =>
    mutationOptions({
      mutationKey: [...wheelQueries.all(), 'saveAreaDefinition'],
      mutationFn: postAreaDefinition,
      onSuccess: (_saved, { activityId, areaId, definition }, _result, { client }) =>
        client.setQueryData(wheelQueries.areaDefinitions(activityId).queryKey, (old) =>
          old ? { ...old, definitions: { ...old.definitions, [areaId]: definition } } : old,
        ),
    }),
};
