// A desk page's search box: it answers at once, and the search (kept in the URL) follows once the typing stops.
import { useEffect, useState } from 'react';

export const SEARCH_DELAY_MS = 300;

/** `current`: the search the URL holds; `apply` writes a new one there (back to the first page). */
export function useSearchDraft(current: string, apply: (search: string) => void) {
  const [draft, setDraft] = useState(current);
  useEffect(() => {
    const search = draft.trim();
    if (search === current) return undefined;
    const timer = setTimeout(() => apply(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, current, apply]);
  return [draft, setDraft] as const;
}
