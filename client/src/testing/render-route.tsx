// Renders the real route table at a path, in memory, wrapped as main.tsx wraps the app.
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { AppProviders, createQueryClient } from '../app/providers';
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
};

export function renderRoute(entry: InitialEntry, { session = null }: RenderRouteOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient = createQueryClient();
  if (session !== 'check') queryClient.setQueryData(authQueries.me().queryKey, session);
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router, queryClient, ...view };
}
