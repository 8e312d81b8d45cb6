// Where an activity's data is kept, chosen once by the activity host for whoever is looking: a guest's in this
// browser (the guest progress, merged into the account after sign-in), a learner's on the server. The hooks
// beside this file read, write and complete through it, and answer a lapsed session and a failure the same way
// for every activity: a body only draws its page.
import { createContext, useContext } from 'react';

/** A guest's data stays in this browser; a learner's is on the server. */
export type Keeper = 'browser' | 'server';

export type ActivityStore = {
  where: Keeper;
  /**
   * Completes the activity: a learner's on the server (rejects with its ApiError, e.g. 403 when locked), a guest's
   * in this browser, with `data` as the activity's saved data when given.
   */
  complete: (data?: unknown) => Promise<void>;
  /** A 401: signs out, says 'Tu sesión ha expirado...' and goes to /login, coming back here afterwards. */
  sessionExpired: () => Promise<void>;
};

export const ActivityStoreContext = createContext<ActivityStore | null>(null);

/** The store the host chose. Only inside an activity: anywhere else it is a programming error. */
export function useActivityStore(): ActivityStore {
  const store = useContext(ActivityStoreContext);
  if (store === null) throw new Error('useActivityStore() must be used inside an activity (ActivityStoreContext).');
  return store;
}
