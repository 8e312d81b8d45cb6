// Renders the real route table at a path, in memory, wrapped as main.tsx wraps the app.
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router-dom';
import { AppProviders, createQueryClient } from '../app/providers';
import { noticeQueries, type Notice } from '../app/layout/SiteNotice';
import { routes } from '../app/router';
import { authQueries } from '../features/auth/api/auth-queries';
import type { User } from '../features/auth/api/types';

type RenderRouteOptions = {
  /**
   * Who is signed in. A user or null (guest, the default) is put in the session cache, so the page renders
   * at once and makes no session call; 'check' leaves the cache empty, so the app asks GET
   * /api/auth/verifyToken like a fresh page load (stub fetch for it).
   */
  session?: User | null | 'check';
  /**
   * The site notice above every page: none by default, put in the cache so that no page makes the call;
   * 'fetch' leaves the cache empty, so the layout asks GET /api/app/notification (stub fetch for it).
   */
  notice?: Notice | null | 'fetch';
  /** A route table of the test's own (e.g. a component with fakes injected); the app's by default. */
  routes?: RouteObject[];
};

export function renderRoute(
  entry: InitialEntry,
  { session = null, notice = null, routes: table = routes }: RenderRouteOptions = {},
) {
  const router = createMemoryRouter(table, { initialEntries: [entry] });
  const queryClient = createQueryClient();
  if (session !== 'check') queryClient.setQueryData(authQueries.me().queryKey, session);
  if (notice !== 'fetch') queryClient.setQueryData(noticeQueries.current().queryKey, notice);
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router, queryClient, ...view };
}
