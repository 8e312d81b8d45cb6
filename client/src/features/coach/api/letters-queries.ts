// The coach's newsletter letters on the server: the list, one letter, its preview, and every write on it
// (draft, change, publish, take out of the archive, a test to herself). Key ['coach', 'letters'].
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

type Json<R> = R extends { content: { 'application/json': { data: infer D } } } ? D : never;

export type LetterSummary = Json<paths['/api/coach/letters']['get']['responses'][200]>[number];
export type CoachLetter = Json<paths['/api/coach/letters/{id}']['get']['responses'][200]>;
export type LetterDraft = NonNullable<paths['/api/coach/letters']['post']['requestBody']>['content']['application/json'];
export type LetterChanges = NonNullable<paths['/api/coach/letters/{id}']['patch']['requestBody']>['content']['application/json'];
export type LetterPreview = Json<paths['/api/coach/letters/preview']['post']['responses'][200]>;

const LIST_ERROR = 'No se pudieron cargar tus cartas. Revisa tu conexión e inténtalo de nuevo.';
const LOAD_ERROR = 'No se pudo cargar la carta. Revisa tu conexión e inténtalo de nuevo.';
const SAVE_ERROR = 'No se pudo guardar la carta. Inténtalo de nuevo.';
const PREVIEW_ERROR = 'No se pudo preparar la vista previa. Sigue escribiendo: lo intentamos de nuevo enseguida.';
const TEST_ERROR = 'No se pudo enviar la prueba. Inténtalo de nuevo.';

const path = (id: string) => ({ params: { path: { id } } });

export const letterQueries = {
  key: () => ['coach', 'letters'] as const,
  list: () => queryOptions({ queryKey: letterQueries.key(), queryFn: async () => unwrap(await api.GET('/api/coach/letters'), LIST_ERROR) }),
  one: (id: string) =>
    queryOptions({ queryKey: [...letterQueries.key(), id], queryFn: async () => unwrap(await api.GET('/api/coach/letters/{id}', path(id)), LOAD_ERROR) }),
  /** The letter as the archive page and the mail would show it (nothing is saved); the last one stays while the next comes. */
  preview: (letter: LetterDraft) =>
    queryOptions({
      queryKey: [...letterQueries.key(), 'preview', letter],
      queryFn: async ({ signal }) => unwrap(await api.POST('/api/coach/letters/preview', { body: letter, signal }), PREVIEW_ERROR),
      placeholderData: keepPreviousData,
      staleTime: Infinity,
    }),
};

export const letterMutations = {
  draft: () =>
    mutationOptions({
      mutationKey: [...letterQueries.key(), 'draft'],
      mutationFn: async (body: LetterDraft) => unwrap(await api.POST('/api/coach/letters', { body }), SAVE_ERROR),
    }),
  edit: () =>
    mutationOptions({
      mutationKey: [...letterQueries.key(), 'edit'],
      mutationFn: async ({ id, changes }: { id: string; changes: LetterChanges }) =>
        unwrap(await api.PATCH('/api/coach/letters/{id}', { ...path(id), body: changes }), SAVE_ERROR),
    }),
  publish: () =>
    mutationOptions({
      mutationKey: [...letterQueries.key(), 'publish'],
      mutationFn: async (id: string) => unwrap(await api.POST('/api/coach/letters/{id}/publish', path(id)), SAVE_ERROR),
    }),
  unpublish: () =>
    mutationOptions({
      mutationKey: [...letterQueries.key(), 'unpublish'],
      mutationFn: async (id: string) => unwrap(await api.POST('/api/coach/letters/{id}/unpublish', path(id)), SAVE_ERROR),
    }),
  test: () =>
    mutationOptions({
      mutationKey: [...letterQueries.key(), 'test'],
      mutationFn: async (id: string) => unwrap(await api.POST('/api/coach/letters/{id}/test', path(id)), TEST_ERROR),
    }),
};
