// Reading an activity's saved data from where the host's store keeps it: a guest's from this browser, at once; a
// learner's from the server, through the feature's queryOptions. A 401 on the way is the session's prompt
// (store.tsx) and meanwhile the data counts as loading; any other failure is logged and handed back with a retry.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isExpired } from '../../api/error-text';
import { useGuestProgress, type GuestProgress } from '../guest-progress';
import { useActivityStore } from './store';

/** What this browser keeps for a guest, by activity slug (the guest progress's `activityData`). */
export type SavedInBrowser = GuestProgress['activityData'];

/**
 * One activity's data, wherever it is kept (`Q`: what the server answers, when the query selects from it; `K`:
 * the query's key). Written with activityData(), which infers them.
 */
export type DataSource<T, Q = T, K extends QueryKey = QueryKey> = {
  /** A guest's, read from what this browser keeps (which may hold anything: read it defensively). */
  browser: (saved: SavedInBrowser) => T;
  /** A learner's, from the server: the feature's queryOptions. */
  server: () => UseQueryOptions<Q, Error, T, K>;
  /**
   * A 401 makes the data fail like any error instead of signing out: for data the page can do without (a
   * lesson's reflection), whose page says the session is over in its own words when it is next saved.
   */
  expiredFails?: true;
};

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown; retry: () => void };

/** What is logged when data cannot be loaded. */
export const LOAD_LOG = 'No se pudieron cargar los datos.';
/** A failed load, in the words every activity page uses for it (unless the server's say more). */
export const LOAD_FAILED = 'Error de conexión. Revisa tu conexión e inténtalo de nuevo.';

/**
 * Once `expired` turns true, the store's session prompt, once (even under StrictMode's second effect run): it
 * signs out, and the page goes to /login.
 */
export function useSessionPrompt(expired: boolean): void {
  const { sessionExpired } = useActivityStore();
  const prompted = useRef(false);
  useEffect(() => {
    if (!expired || prompted.current) return;
    prompted.current = true;
    void sessionExpired();
  }, [expired, sessionExpired]);
}

/** An activity's DataSource, its types inferred from its two halves. */
export const activityData = <T, Q = T, K extends QueryKey = QueryKey>(source: DataSource<T, Q, K>) => source;

export function useActivityData<T, Q, K extends QueryKey>(source: DataSource<T, Q, K>): Loaded<T> {
  const { where } = useActivityStore();
  const fromServer = where === 'server';
  const query = useQuery({ ...source.server(), enabled: fromServer });
  const guest = useGuestProgress();

  const expired = fromServer && query.data === undefined && !source.expiredFails && isExpired(query.error);
  const failed = fromServer && query.data === undefined && query.isError && !expired;
  useSessionPrompt(expired);

  useEffect(() => {
    if (failed) console.error(LOAD_LOG, query.error);
  }, [failed, query.error]);

  if (!fromServer) return { status: 'ready', data: source.browser(guest.activityData) };
  if (query.data !== undefined) return { status: 'ready', data: query.data };
  if (failed) return { status: 'failed', error: query.error, retry: () => void query.refetch() };
  return { status: 'loading' };
}
