// Where the app keeps its one query cache once a page that needs it has loaded (see query-scope.tsx). The shell
// only holds the slot: the type import below costs nothing at run time.
import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** `client` stays null until the first page that uses TanStack Query creates it. */
export type QueryHolder = { client: QueryClient | null };

export const QueryHolderContext = createContext<QueryHolder | null>(null);
