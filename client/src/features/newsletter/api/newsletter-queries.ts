// The newsletter feature's query factory: ['newsletter', 'letters'] (the archive) and ['newsletter', 'letter', series,
// slug] (one letter's page), both read from the server.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { paths } from '../../../api/schema';

export type ArchiveEntry = paths['/api/newsletter/letters']['get']['responses'][200]['content']['application/json']['data'][number];
export type PublicLetter = paths['/api/newsletter/letters/{series}/{slug}']['get']['responses'][200]['content']['application/json']['data'];

export const ARCHIVE_ERROR = 'No se pudieron cargar las cartas. Revisa tu conexión e inténtalo de nuevo.';
export const LETTER_ERROR = 'No se pudo cargar el contenido del newsletter.';

export const newsletterQueries = {
  all: () => ['newsletter'] as const,
  archive: () =>
    queryOptions({
      queryKey: [...newsletterQueries.all(), 'letters'] as const,
      queryFn: async () => unwrap(await api.GET('/api/newsletter/letters'), ARCHIVE_ERROR),
    }),
  letter: (series: string, slug: string) =>
    queryOptions({
      queryKey: [...newsletterQueries.all(), 'letter', series, slug] as const,
      queryFn: async () => unwrap(await api.GET('/api/newsletter/letters/{series}/{slug}', { params: { path: { series, slug } } }), LETTER_ERROR),
    }),
};
