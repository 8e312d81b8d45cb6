// The catalogue on the server, as the coach edits it: current values and history, a change, a restore. Key ['coach', 'catalogue'].
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

export type CoachCatalogue = paths['/api/coach/catalogue']['get']['responses'][200]['content']['application/json']['data'];
export type CataloguePatch = NonNullable<paths['/api/coach/catalogue']['patch']['requestBody']>['content']['application/json'];

const LOAD_ERROR = 'No se pudo cargar el catálogo. Revisa tu conexión e inténtalo de nuevo.';
const SAVE_ERROR = 'No se pudo guardar el catálogo. Inténtalo de nuevo.';

export const catalogueQueries = {
  key: () => ['coach', 'catalogue'] as const,
  current: () => queryOptions({ queryKey: catalogueQueries.key(), queryFn: async () => unwrap(await api.GET('/api/coach/catalogue'), LOAD_ERROR) }),
};

export const catalogueMutations = {
  save: () =>
    mutationOptions({
      mutationKey: [...catalogueQueries.key(), 'save'],
      mutationFn: async (body: CataloguePatch) => unwrap(await api.PATCH('/api/coach/catalogue', { body }), SAVE_ERROR),
    }),
  restore: () =>
    mutationOptions({
      mutationKey: [...catalogueQueries.key(), 'restore'],
      mutationFn: async (version: number) => unwrap(await api.POST('/api/coach/catalogue/restore', { body: { version } }), SAVE_ERROR),
    }),
};
