// A 401 from an activity body's calls: the session expired, and the host's
// sessionExpired() signs out, says so and goes to /login.
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../api/errors';

export const isExpired = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Whether a signed-in visitor's load failed with a 401; if so, calls `sessionExpired` once (even under
 * StrictMode's second effect run). Meanwhile the body keeps showing that it is loading.
 */
export function useExpiredOnLoad(signedIn: boolean, load: { data: unknown; error: unknown }, sessionExpired: () => Promise<void>): boolean {
  const expired = signedIn && load.data === undefined && isExpired(load.error);
  const handled = useRef(false);
  useEffect(() => {
    if (!expired || handled.current) return;
    handled.current = true;
    void sessionExpired();
  }, [expired, sessionExpired]);
  return expired;
}
