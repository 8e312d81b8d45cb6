// The newsletter feature's query factory: ['newsletter'] then ['newsletter', 'letter', campaign, slug].
import { queryOptions } from '@tanstack/react-query';
import { loadLetter, type LetterContent } from '../content/load-letter';
import { sanitizeLetter } from '../lib/sanitize-letter';

export const newsletterQueries = {
  all: () => ['newsletter'] as const,
  letter: (campaign: string, slug: string) =>
    queryOptions({
      queryKey: [...newsletterQueries.all(), 'letter', campaign, slug] as const,
      queryFn: async (): Promise<LetterContent> => {
        const content = await loadLetter(campaign, slug);
        return content.kind === 'found' ? { kind: 'found', html: sanitizeLetter(content.html) } : content;
      },
      // Bundled content never changes while the page is open.
      staleTime: Infinity,
      // A letter that fails is a chunk that did not arrive (offline, or a newer deploy): an immediate retry
      // seldom helps, so the visitor reads the failure at once.
      retry: false,
    }),
};
