// Which of the coach's files fills each place of the site, as she edits it: current values and history, a change, a restore. Key ['coach', 'placements'].
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

export type CoachPlacements = paths['/api/coach/placements']['get']['responses'][200]['content']['application/json']['data'];
export type PlacementsPatch = NonNullable<paths['/api/coach/placements']['patch']['requestBody']>['content']['application/json'];

const LOAD_ERROR = 'No se pudieron cargar tus archivos del sitio. Revisa tu conexión e inténtalo de nuevo.';
const SAVE_ERROR = 'No se pudieron guardar tus archivos del sitio. Inténtalo de nuevo.';

export const placementsQueries = {
  key: () => ['coach', 'placements'] as const,
  current: () => queryOptions({ queryKey: placementsQueries.key(), queryFn: async () => unwrap(await api.GET('/api/coach/placements'), LOAD_ERROR) }),
};

export const placementsMutations = {
  save: () =>
    mutationOptions({
      mutationKey: [...placementsQueries.key(), 'save'],
      mutationFn: async (body: PlacementsPatch) => unwrap(await api.PATCH('/api/coach/placements', { body }), SAVE_ERROR),
    }),
  restore: () =>
    mutationOptions({
      mutationKey: [...placementsQueries.key(), 'restore'],
      mutationFn: async (version: number) => unwrap(await api.POST('/api/coach/placements/restore', { body: { version } }), SAVE_ERROR),
    }),
};
