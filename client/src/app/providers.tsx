// What every page sits in: the session, the site notice and the slot for TanStack Query's cache. The query
// library itself loads with the first page that needs it (query-scope.tsx), not with the shell that shows /menu.
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { AuthProvider, type SessionChange } from '../features/accounts/session/AuthProvider';
import type { User } from '../api/account-types';
import { GuestProgressMerge } from './GuestProgressMerge';
import { PendingWritesSync } from './PendingWritesSync';
import { createNoticeSource, NoticeSourceContext, type Notice } from './layout/notice-source';
import { createSiteSource, SiteSourceContext, type SiteSettings } from '../lib/site';
import { CatalogueSourceContext, createCatalogueSource, type PublicCatalogue } from '../lib/catalogue-source';
import { createPlacementsSource, PlacementsSourceContext, type PublicPlacements } from '../lib/placements';
import { FirstPageFallback } from './RouteFallback';
import { QueryHolderContext, type QueryHolder } from './query-holder';

// Tests and pages that load on demand build their cache with these.
export { createQueryClient, shouldRetry } from './query-client';

type AppProvidersProps = {
  children: ReactNode;
  /** A query cache given up front (tests seed it), shared with everything below; else made on demand. */
  queryClient?: QueryClient;
  /** Who is signed in, when already known; else the session is checked with the server. */
  session?: User | null;
  /** The site notice, when already known; else it is asked once per visit. */
  notice?: Notice | null;
  /** The coach's site settings, when already known; else asked once per visit by the first page that shows a link. */
  site?: SiteSettings | null;
  /** The catalogue (prices, spots, dates), when already known; else asked once per visit by the first page that shows a price. */
  catalogue?: PublicCatalogue | null;
  /** The coach's files in the places of the site, when already known; else asked once per visit by the first page that uses one. */
  placements?: PublicPlacements | null;
};

/**
 * Renders its children in a transition, the page's skeleton until then. The session check's answer is a synchronous
 * update (a store read with useSyncExternalStore, see AuthProvider), and a synchronous render builds the whole
 * first page in one long task that blocks the main thread (~180 ms on this machine for /reprograma, four times
 * that on Lighthouse's phone). In a transition React builds the page in slices of 5 ms and the browser stays
 * responsive meanwhile (little total blocking time). Only for the first page: later session changes (login,
 * logout) stay synchronous, as the guards need them at once.
 */
function FirstRenderInTransition({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : <FirstPageFallback />;
}

export function AppProviders({ children, queryClient, session, notice, site, catalogue, placements }: AppProvidersProps) {
  const [holder] = useState<QueryHolder>(() => ({ client: queryClient ?? null }));
  const [noticeSource] = useState(() => createNoticeSource(notice));
  const [siteSource] = useState(() => createSiteSource(site));
  const [catalogueSource] = useState(() => createCatalogueSource(catalogue));
  const [placementsSource] = useState(() => createPlacementsSource(placements));

  // After a login, what other features cached as a guest is asked again; after a logout it is dropped.
  const onSessionChange = useCallback(
    (change: SessionChange) => {
      if (!holder.client) return;
      if (change === 'signed-in') void holder.client.invalidateQueries();
      else void holder.client.resetQueries();
    },
    [holder],
  );

  return (
    <QueryHolderContext.Provider value={holder}>
      <QueryClientContext.Provider value={holder.client ?? undefined}>
        <NoticeSourceContext.Provider value={noticeSource}>
          <SiteSourceContext.Provider value={siteSource}>
            <CatalogueSourceContext.Provider value={catalogueSource}>
              <PlacementsSourceContext.Provider value={placementsSource}>
                <AuthProvider initialUser={session} onChange={onSessionChange} fallback={<FirstPageFallback />}>
                  <GuestProgressMerge />
                  <PendingWritesSync />
                  {/* A session given up front (tests) renders at once, as before. */}
                  {session === undefined ? <FirstRenderInTransition>{children}</FirstRenderInTransition> : children}
                </AuthProvider>
              </PlacementsSourceContext.Provider>
            </CatalogueSourceContext.Provider>
          </SiteSourceContext.Provider>
        </NoticeSourceContext.Provider>
      </QueryClientContext.Provider>
    </QueryHolderContext.Provider>
  );
}
