// Saving an activity's data, and completing the activity, where the host's store keeps them: a guest's in this
// browser, at once; a learner's on the server, through the feature's mutation (which keeps the query cache in
// step). Every failure is answered here, once for every activity: a 401 is the session's prompt (store.tsx),
// anything else is logged and said in the activity's own words — in an alert, or handed back for the page to
// show beside what failed.
import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, isExpired } from '../../api/error-text';
import { readGuestProgress } from '../guest-progress';
import { useActivityStore, type ActivityStore } from './store';
import type { SavedInBrowser } from './use-activity-data';

/** How a failed write or completion is answered. */
export type Failure = {
  /** What the learner is told. */
  says: string;
  /** The server's own words instead, when it gives some (a refusal it explains). */
  serverWords?: true;
  /** Said in an alert, rather than handed back for the page to show. */
  alert?: true;
  /** What the console is told with the error (else `says`). */
  logs?: string;
  /** A 401 is told like any failure (in the server's words) instead of signing out: see DataSource.expiredFails. */
  expiredFails?: true;
};

/** One kind of write to an activity's data, wherever it is kept. */
export type Write<V, R> = {
  /** A guest's: kept in this browser (the guest progress); gives what the server would answer. */
  browser: (vars: V) => R;
  /** A learner's: the feature's mutation. */
  server: () => UseMutationOptions<R, Error, V>;
  failure: Failure;
};

/**
 * What a write or completion came to. A failure's `message` is what the learner is told (already said when the
 * failure is an alert), or null when the session was over and its prompt has taken over the page.
 */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown; message: string | null };

export type RunOptions = {
  /** An alert is not shown (an attempt the learner did not ask for, e.g. on arrival). */
  quietly?: boolean;
};

/**
 * `then`: what the page does next, with the outcome — in the same event as the learner's action for a guest's
 * write (kept at once, as if nothing stood between), when the server answers for a learner's.
 */
export type WriteOptions<R> = RunOptions & { then?: (outcome: Outcome<R>) => void };

function failed(store: ActivityStore, error: unknown, failure: Failure, { quietly = false }: RunOptions = {}): Outcome<never> {
  if (!failure.expiredFails && isExpired(error)) {
    // Not waited for: the page puts back what it showed at once, while the sign-out is on its way.
    void store.sessionExpired();
    return { ok: false, error, message: null };
  }
  console.error(failure.logs ?? failure.says, error);
  const message = failure.serverWords ? errorText(error, failure.says) : failure.says;
  if (failure.alert && !quietly) window.alert(message);
  return { ok: false, error, message };
}

/** `run` saves (resolving to its outcome); `pending` is true while a learner's write is on its way. */
export function useActivityWrite<V, R>(write: Write<V, R>) {
  const store = useActivityStore();
  const { mutateAsync } = useMutation(write.server());
  const [pending, setPending] = useState(false);

  const run = async (vars: V, { then, ...options }: WriteOptions<R> = {}): Promise<Outcome<R>> => {
    if (store.where === 'browser') {
      const kept: Outcome<R> = { ok: true, value: write.browser(vars) };
      then?.(kept);
      return kept;
    }
    setPending(true);
    let outcome: Outcome<R>;
    try {
      outcome = { ok: true, value: await mutateAsync(vars) };
    } catch (error) {
      outcome = failed(store, error, write.failure, options);
    }
    setPending(false);
    then?.(outcome);
    return outcome;
  };
  return { run, pending };
}

/** Completing an activity: how it fails, and what a guest's completion stores as the activity's data. */
export type Completion = {
  /** From what this browser keeps, the guest's data stored with the completion; nothing when absent. */
  browser?: (saved: SavedInBrowser) => unknown;
  /** A learner's: what the activity's own cached reads learn from it. */
  server?: (client: QueryClient) => void;
  failure: Failure;
};

/** Completes the activity through the store (a learner's on the server, a guest's in this browser). */
export function useActivityCompletion(completion: Completion) {
  const store = useActivityStore();
  const client = useQueryClient();
  return async (options?: RunOptions): Promise<Outcome<void>> => {
    const data = store.where === 'browser' ? completion.browser?.(readGuestProgress().activityData) : undefined;
    try {
      await (data === undefined ? store.complete() : store.complete(data));
      if (store.where === 'server') completion.server?.(client);
      return { ok: true, value: undefined };
    } catch (error) {
      return failed(store, error, completion.failure, options);
    }
  };
}
