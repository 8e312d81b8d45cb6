// Setup for the 'client' vitest project (jsdom).
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom implements neither; the root layout calls them on every navigation, and tests assert on them.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

// Node 25 and later put a Web Storage of their own on the global (inert without --localstorage-file), and vitest then
// leaves jsdom's out: the page's localStorage and sessionStorage are jsdom's, as in a browser, on every Node.
const dom = (globalThis as { jsdom?: { window: Window } }).jsdom;
if (dom)
  for (const name of ['localStorage', 'sessionStorage'] as const)
    Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });

// Pages are lazy chunks (and TanStack Query loads with the first page that uses it): on a busy machine the
// first render of a page can take more than testing-library's default second. What a test waits for is
// unchanged; only how long findBy/waitFor keep looking.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  document.title = '';
});
