// Renders the real route table at a path, in memory, wrapped as main.tsx wraps the app.
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, type InitialEntry, type RouteObject, type To } from 'react-router-dom';
import { AppProviders, createQueryClient } from '../app/providers';
import type { Notice } from '../app/layout/notice-source';
import type { SiteSettings } from '../lib/site';
import type { PublicCatalogue } from '../lib/catalogue-source';
import type { PublicPlacements } from '../lib/placements';
import { TEST_CATALOGUE } from './catalogue';
import { AppRouter, type AppHistory } from '../app/router';
import type { User } from '../api/account-types';
import { useAuth } from '../lib/session/useAuth';

type RenderRouteOptions = {
  /**
   * Who is signed in. A user or null (guest, the default) is given to the session up front, so the page renders
   * at once and makes no session call; 'check' leaves it unknown, so the app asks GET /api/auth/verifyToken
   * like a fresh page load (stub fetch for it).
   */
  session?: User | null | 'check';
  /**
   * The site notice above every page: none by default, given up front so that no page makes the call;
   * 'fetch' leaves it unknown, so the layout asks GET /api/app/notification (stub fetch for it).
   */
  notice?: Notice | null | 'fetch';
  /**
   * The coach's site settings: none set by default (a fresh install), given up front so that no page makes the
   * call; 'fetch' leaves them unknown, so a page asks GET /api/site (stub fetch for it).
   */
  site?: SiteSettings | null | 'fetch';
  /**
   * The catalogue: the spec's first values by default (a fresh install), given up front so that no page makes the
   * call; 'fetch' leaves it unknown, so a page asks GET /api/catalogue (stub fetch for it).
   */
  catalogue?: PublicCatalogue | null | 'fetch';
  /**
   * The coach's files in the places of the site: none by default (a fresh install), given up front so that no page
   * makes the call; 'fetch' leaves them unknown, so a page asks GET /api/placements (stub fetch for it).
   */
  placements?: PublicPlacements | null | 'fetch';
  /** A route table of the test's own (e.g. a component with fakes injected); the app's by default. */
  routes?: RouteObject[];
};

/** A fresh install: no place has a file of the coach's. */
const NO_PLACEMENTS: PublicPlacements = { version: 0, slots: {} };

export function renderRoute(
  entry: InitialEntry,
  { session = null, notice = null, site = null, catalogue = TEST_CATALOGUE, placements = NO_PLACEMENTS, routes: table }: RenderRouteOptions = {},
) {
  // The router listens to the history; tests may too (a history takes one listener: pass every change on).
  const memory = createMemoryHistory({ initialEntries: [entry], v5Compat: true });
  type Listener = Parameters<AppHistory['listen']>[0];
  const listeners = new Set<Listener>();
  memory.listen((update) => listeners.forEach((listener) => listener(update)));
  const history: AppHistory = Object.assign(Object.create(memory) as AppHistory, {
    listen: (listener: Listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  });
  const queryClient = createQueryClient();
  // Who the app thinks is signed in, as of its last render (undefined while the session check runs).
  let seen: User | null | undefined;
  function SessionProbe() {
    seen = useAuth().user;
    return null;
  }
  const view = render(
    <StrictMode>
      <AppProviders
        queryClient={queryClient}
        session={session === 'check' ? undefined : session}
        notice={notice === 'fetch' ? undefined : notice}
        site={site === 'fetch' ? undefined : site}
        catalogue={catalogue === 'fetch' ? undefined : catalogue}
        placements={placements === 'fetch' ? undefined : placements}
      >
        <SessionProbe />
        <AppRouter history={history} routes={table} />
      </AppProviders>
    </StrictMode>,
  );
  /** Where the app is, and a way to go elsewhere as the address bar or the back button would. */
  const router = {
    get state() {
      return { location: history.location };
    },
    navigate: async (to: To) => history.push(to),
    /** Called with every location the app goes to. */
    subscribe: (listener: (location: AppHistory['location']) => void) => history.listen(({ location }) => listener(location)),
  };
  return { router, history, queryClient, session: () => seen, ...view };
}
