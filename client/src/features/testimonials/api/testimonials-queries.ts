// The coach's testimonials on the server: the list (key ['testimonials']) and adding, editing and removing one.
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

export type CoachTestimonial = paths['/api/coach/testimonials']['get']['responses'][200]['content']['application/json']['data'][number];
export type NewTestimonial = paths['/api/coach/testimonials']['post']['requestBody']['content']['application/json'];
export type TestimonialChanges = NonNullable<paths['/api/coach/testimonials/{id}']['patch']['requestBody']>['content']['application/json'];

const LOAD_ERROR = 'No se pudieron cargar los testimonios. Revisa tu conexión e inténtalo de nuevo.';
const SAVE_ERROR = 'No se pudo guardar el testimonio. Inténtalo de nuevo.';
const REMOVE_ERROR = 'No se pudo eliminar el testimonio. Inténtalo de nuevo.';

export const testimonialsQuery = () =>
  queryOptions({
    queryKey: ['testimonials'],
    queryFn: async () => unwrap(await api.GET('/api/coach/testimonials'), LOAD_ERROR),
  });

export const testimonialMutations = {
  add: () => mutationOptions({ mutationFn: async (body: NewTestimonial) => unwrap(await api.POST('/api/coach/testimonials', { body }), SAVE_ERROR) }),
  edit: () =>
    mutationOptions({
      mutationFn: async ({ id, changes }: { id: string; changes: TestimonialChanges }) =>
        unwrap(await api.PATCH('/api/coach/testimonials/{id}', { params: { path: { id } }, body: changes }), SAVE_ERROR),
    }),
  remove: () =>
    mutationOptions({
      mutationFn: async (id: string) => unwrap(await api.POST('/api/coach/testimonials/{id}/remove', { params: { path: { id } } }), REMOVE_ERROR),
    }),
};
