import { createContext, useContext } from 'react';

export const NavigatingContext = createContext(false);

/** True while the next page's chunk loads: the current page stays, and the layout says something is happening. */
export function useNavigating(): boolean {
  return useContext(NavigatingContext);
}
