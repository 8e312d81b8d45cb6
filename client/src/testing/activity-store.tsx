// An activity's store as the host hands it to a body (lib/activity/store.tsx), for a body rendered on its own:
// where its data is kept, and spies for the completion and the session prompt.
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { ActivityStoreContext, type ActivityStore, type Keeper } from '../lib/activity/store';

export function fakeActivityStore(where: Keeper = 'server') {
  return {
    where,
    complete: vi.fn<(data?: unknown) => Promise<void>>(async () => {}),
    sessionExpired: vi.fn<() => Promise<void>>(async () => {}),
  };
}

export function InActivity({ store, children }: { store: ActivityStore; children: ReactNode }) {
  return <ActivityStoreContext.Provider value={store}>{children}</ActivityStoreContext.Provider>;
}
