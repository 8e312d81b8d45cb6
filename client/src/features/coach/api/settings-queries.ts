// The coach's site settings on the server: current values and history, a change, a restore. Key ['coach', 'settings'].
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

export type CoachSettings = paths['/api/coach/settings']['get']['responses'][200]['content']['application/json']['data'];
export type SettingsValues = CoachSettings['settings'];
export type SettingsField = keyof SettingsValues;
export type SettingsChange = CoachSettings['history'][number];
export type SettingsPatch = NonNullable<paths['/api/coach/settings']['patch']['requestBody']>['content']['application/json'];

const LOAD_ERROR = 'No se pudieron cargar los ajustes. Revisa tu conexión e inténtalo de nuevo.';
const SAVE_ERROR = 'No se pudieron guardar los ajustes. Inténtalo de nuevo.';

export const settingsQueries = {
  key: () => ['coach', 'settings'] as const,
  current: () => queryOptions({ queryKey: settingsQueries.key(), queryFn: async () => unwrap(await api.GET('/api/coach/settings'), LOAD_ERROR) }),
};

export const settingsMutations = {
  save: () =>
    mutationOptions({
      mutationKey: [...settingsQueries.key(), 'save'],
      mutationFn: async (body: SettingsPatch) => unwrap(await api.PATCH('/api/coach/settings', { body }), SAVE_ERROR),
    }),
  restore: () =>
    mutationOptions({
      mutationKey: [...settingsQueries.key(), 'restore'],
      mutationFn: async (version: number) => unwrap(await api.POST('/api/coach/settings/restore', { body: { version } }), SAVE_ERROR),
    }),
};
