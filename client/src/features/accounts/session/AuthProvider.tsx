// The session: who is signed in, checked once per visit (GET /api/auth/verifyToken) and kept here, outside
// TanStack Query, so that the first page renders without loading the query library (its bundle budget).
// `onChange` tells the app when the account changes, so that what other features cached can follow.
// When the server cannot be reached at all (no network), the visitor is shown as a guest, the last account
// known at this device is offered as `offlineUser`, and the session is checked again when the network returns.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ApiError } from '../../../api/errors';
import { Loading } from '../../../components/Loading/Loading';
import { fetchCurrentUser } from '../api/accounts-queries';
import { postLogin, postLogout, renewSession } from '../api/session-mutations';
import type { LoginBody, SessionUser, User } from '../../../api/account-types';
import { AuthContext, type AuthContextValue } from '../../../lib/session/auth-context';
import { lastAccount, rememberAccount } from '../../../lib/session/last-account';
import { createSessionKeeper, listenForActivity } from './session-keeper';

/** `undefined` until the first session check has answered. */
type Known = User | null | undefined;

export type SessionChange = 'signed-in' | 'signed-out';

function createSession(initial: Known) {
  let user: Known = initial;
  // Bumped by every change: an answer to a check that started before a login or logout must not undo it.
  let version = 0;
  let firstCheck: Promise<void> | null = null;
  // The last check got no answer at all (no network, server down): nobody is known to be signed out.
  let unreachable = false;
  const listeners = new Set<() => void>();

  const apply = (next: User | null, how: 'answered' | 'failed' | 'unreachable') => {
    version += 1;
    user = next;
    unreachable = how === 'unreachable';
    if (how === 'answered') rememberAccount(next);
    if (!next) keeper.stop();
    for (const listener of listeners) listener();
  };
  /** An answer from the server (or a login, a logout): who is signed in, if anyone. */
  const set = (next: User | null) => apply(next, 'answered');

  /**
   * Takes an answer of the server about the session: the user (kept without the session's times) and, when the
   * server gave them, the times the keeper renews by.
   */
  const take = (answer: SessionUser | null): User | null => {
    if (!answer) return null;
    const { session: times, ...signedIn } = answer;
    if (times) keeper.start(times);
    return signedIn;
  };

  // Renews the session before it ends while its learner is active; the renewal's user replaces ours only when
  // it differs (roles granted meanwhile), so a renewal does not re-render the page for nothing.
  const keeper = createSessionKeeper({
    renew: async () => {
      const started = version;
      const answer = await renewSession();
      if (!answer) return null;
      const { session: times = null, ...renewed } = answer;
      if (version === started && JSON.stringify(renewed) !== JSON.stringify(user)) set(renewed);
      return times;
    },
  });

  /** Asks the server who is signed in; the answer is taken unless the session changed meanwhile. */
  const fetchUser = async (): Promise<User | null> => {
    const started = version;
    const fetched = take(await fetchCurrentUser());
    if (version === started) set(fetched);
    return user ?? null;
  };

  return {
    get: () => user,
    isUnreachable: () => unreachable,
    keeper,
    take,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set,
    fetchUser,
    /** The visit's session check, once (StrictMode runs effects twice). A failure leaves a guest. */
    check: () => {
      if (user !== undefined || firstCheck) return;
      firstCheck = fetchUser().then(
        () => undefined,
        (error: unknown) => {
          console.error('No se pudo comprobar la sesión.', error);
          // A guest for now. No answer at all (offline) leaves the last account to meditate offline; an error
          // answer (a 500) says nothing about who is signed in either way.
          if (user === undefined) apply(null, error instanceof ApiError ? 'failed' : 'unreachable');
        },
      );
    },
  };
}

/**
 * The server marks the page of a request that carried no session cookie (server/plugins/client.ts): nobody can
 * be signed in, so there is nothing to ask. The first page then renders at once instead of after a round trip.
 */
function shellSaysGuest(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.session === 'none';
}

type AuthProviderProps = {
  children: ReactNode;
  /** The user when already known (e.g. a test); else the session is checked with the server, unless the page
   * arrived without a session cookie. */
  initialUser?: User | null;
  /** Called after a login or logout. */
  onChange?: (change: SessionChange) => void;
  /** Shown while the first session check runs ('Cargando...' by default; the app passes the page's skeleton). */
  fallback?: ReactNode;
};

export function AuthProvider({ children, initialUser, onChange, fallback = <Loading /> }: AuthProviderProps) {
  const [session] = useState(() => {
    if (initialUser !== undefined) return createSession(initialUser);
    if (!shellSaysGuest()) return createSession(undefined);
    // The page came without a session cookie: nobody is signed in at this device any more.
    rememberAccount(null);
    return createSession(null);
  });
  // Read synchronously from the store: a guard rendered right after login or logout must already see the
  // change, or it would send the visitor the wrong way (e.g. /login → /menu just after signing out).
  const known = useSyncExternalStore(session.subscribe, session.get);
  const unreachable = useSyncExternalStore(session.subscribe, session.isUnreachable);

  useEffect(() => session.check(), [session]);

  // Back online after a check that got no answer: ask again.
  useEffect(() => {
    const onOnline = () => {
      if (session.isUnreachable()) session.fetchUser().catch(() => undefined);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [session]);

  // Only a signed-in learner's activity matters to the session.
  const signedIn = Boolean(known);
  useEffect(() => (signedIn ? listenForActivity(session.keeper.activity) : undefined), [session, signedIn]);

  const login = useCallback(
    async (credentials: LoginBody) => {
      const signedIn = session.take(await postLogin(credentials))!;
      session.set(signedIn);
      // What other features cached as a guest (progress, completions) now belongs to someone.
      onChange?.('signed-in');
      return signedIn;
    },
    [session, onChange],
  );

  const logout = useCallback(async () => {
    try {
      await postLogout();
    } catch (error) {
      console.error('No se pudo cerrar la sesión en el servidor.', error);
    }
    session.set(null);
    // Nothing of the previous account may stay on screen for the next person at this device.
    onChange?.('signed-out');
  }, [session, onChange]);

  const refresh = useCallback(
    async (given?: User | null) => {
      if (given !== undefined) {
        session.set(given);
        return given;
      }
      try {
        return await session.fetchUser();
      } catch (error) {
        console.error('No se pudo actualizar la sesión.', error);
        return session.get() ?? null;
      }
    },
    [session],
  );

  const user = known ?? null;
  const isLoading = known === undefined;
  const offline = user === null && unreachable;
  const offlineUser = useMemo(() => (offline ? lastAccount() : null), [offline]);
  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, offlineUser, login, logout, refresh }),
    [user, isLoading, offlineUser, login, logout, refresh],
  );

  return <AuthContext.Provider value={value}>{isLoading ? fallback : children}</AuthContext.Provider>;
}
