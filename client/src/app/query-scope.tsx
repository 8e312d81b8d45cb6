// Loaded with the first page that uses TanStack Query, never with the shell: it brings the query library and
// gives the page the app's one cache (created here the first time, kept in the QueryHolder for every later page).
import { QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ComponentType, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { QueryHolderContext } from './query-holder';

export function QueryScope({ children }: { children: ReactNode }) {
  const holder = useContext(QueryHolderContext);
  if (!holder) throw new Error('QueryScope must be used inside <AppProviders>.');
  holder.client ??= createQueryClient();
  return <QueryClientProvider client={holder.client}>{children}</QueryClientProvider>;
}

/** The page inside the app's query cache. */
export function withQuery<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithQuery(props: P) {
    return (
      <QueryScope>
        <Page {...props} />
      </QueryScope>
    );
  }
  WithQuery.displayName = `WithQuery(${Page.displayName ?? Page.name})`;
  return WithQuery;
}
