// The coach's welcome sequences on the server: the four downloads' three mails with their counts, a mail as it
// will look, and every write on a step (save, take out, a test to herself). Key ['coach', 'sequences'].
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';
import type { SequencePage, SequenceSection, SequenceStep } from '../../../../../course/sequences';

type Json<R> = R extends { content: { 'application/json': { data: infer D } } } ? D : never;

export type CoachSequence = Json<paths['/api/coach/sequences']['get']['responses'][200]>[number];
export type CoachStep = CoachSequence['steps'][number];
export type StepWrite = NonNullable<paths['/api/coach/sequences/{page}/{section}/steps/{step}']['put']['requestBody']>['content']['application/json'];
export type StepPreview = NonNullable<paths['/api/coach/sequences/preview']['post']['requestBody']>['content']['application/json'];
/** Which mail of which sequence: the download's page and section, and the step. */
export type StepAddress = { page: SequencePage; section: SequenceSection; step: SequenceStep };

const LIST_ERROR = 'No se pudieron cargar tus correos de bienvenida. Revisa tu conexión e inténtalo de nuevo.';
const SAVE_ERROR = 'No se pudo guardar el correo. Inténtalo de nuevo.';
const PREVIEW_ERROR = 'No se pudo preparar la vista previa. Sigue escribiendo: lo intentamos de nuevo enseguida.';
const TEST_ERROR = 'No se pudo enviar la prueba. Inténtalo de nuevo.';

const stepPath = ({ page, section, step }: StepAddress) => ({ params: { path: { page, section, step } } });

export const sequenceQueries = {
  key: () => ['coach', 'sequences'] as const,
  list: () => queryOptions({ queryKey: sequenceQueries.key(), queryFn: async () => unwrap(await api.GET('/api/coach/sequences'), LIST_ERROR) }),
  /** The mail as it will look (nothing is saved); the last one stays while the next comes. */
  preview: (mail: StepPreview) =>
    queryOptions({
      queryKey: [...sequenceQueries.key(), 'preview', mail],
      queryFn: async ({ signal }) => unwrap(await api.POST('/api/coach/sequences/preview', { body: mail, signal }), PREVIEW_ERROR),
      placeholderData: keepPreviousData,
      staleTime: Infinity,
    }),
};

export const sequenceMutations = {
  write: () =>
    mutationOptions({
      mutationKey: [...sequenceQueries.key(), 'write'],
      mutationFn: async ({ address, text }: { address: StepAddress; text: StepWrite }) =>
        unwrap(await api.PUT('/api/coach/sequences/{page}/{section}/steps/{step}', { ...stepPath(address), body: text }), SAVE_ERROR),
    }),
  clear: () =>
    mutationOptions({
      mutationKey: [...sequenceQueries.key(), 'clear'],
      mutationFn: async (address: StepAddress) => unwrap(await api.DELETE('/api/coach/sequences/{page}/{section}/steps/{step}', stepPath(address)), SAVE_ERROR),
    }),
  test: () =>
    mutationOptions({
      mutationKey: [...sequenceQueries.key(), 'test'],
      mutationFn: async (address: StepAddress) =>
        unwrap(await api.POST('/api/coach/sequences/{page}/{section}/steps/{step}/test', stepPath(address)), TEST_ERROR),
    }),
};
