// Setup for the 'client' vitest project (jsdom).
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom implements neither; the root layout calls them on every navigation, and tests assert on them.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

// Pages are lazy chunks (and TanStack Query loads with the first page that uses it): on a busy machine the
// first render of a page can take more than testing-library's default second. What a test waits for is
// unchanged; only how long findBy/waitFor keep looking.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  document.title = '';
});
