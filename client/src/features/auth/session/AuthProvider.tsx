// The session lives in the query cache under authQueries.me(): one source for every component.
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Loading } from '../../../components/Loading/Loading';
import { authQueries } from '../api/auth-queries';
import { sessionMutations } from '../api/session-mutations';
import type { LoginBody, User } from '../api/types';
import { AuthContext, type AuthContextValue } from './auth-context';

const ME_KEY = authQueries.me().queryKey;
const isAuthQuery = (query: Query) => query.queryKey[0] === authQueries.all()[0];

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The observer runs the session check; its `error` is only logged (spec §8: left signed out).
  const me = useQuery(authQueries.me());

  // The user is read straight from the cache, not from the observer: the cache changes synchronously, the
  // observer's copy a tick later. A guard rendered right after login or logout must already see the change,
  // or it would send the visitor the wrong way (e.g. /login → /menu just after signing out).
  const user = useSyncExternalStore(
    useCallback((onChange) => queryClient.getQueryCache().subscribe(onChange), [queryClient]),
    () => queryClient.getQueryData(ME_KEY) ?? null,
  );

  useEffect(() => {
    if (me.error) console.error('No se pudo comprobar la sesión.', me.error);
  }, [me.error]);

  const setUser = useCallback(
    async (next: User | null) => {
      // A session check still on its way must not land after this and undo it.
      await queryClient.cancelQueries({ queryKey: ME_KEY });
      queryClient.setQueryData(ME_KEY, next);
    },
    [queryClient],
  );

  const { mutateAsync: postLogin } = useMutation(sessionMutations.login());
  const { mutateAsync: postLogout } = useMutation(sessionMutations.logout());

  const login = useCallback(
    async (credentials: LoginBody) => {
      const signedIn = await postLogin(credentials);
      await setUser(signedIn);
      // What other features cached as a guest (progress, completions) now belongs to someone.
      void queryClient.invalidateQueries({ predicate: (query) => !isAuthQuery(query) });
      return signedIn;
    },
    [postLogin, setUser, queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await postLogout();
    } catch (error) {
      console.error('No se pudo cerrar la sesión en el servidor.', error);
    }
    await setUser(null);
    // Nothing of the previous account may stay on screen for the next person at this device.
    void queryClient.resetQueries({ predicate: (query) => !isAuthQuery(query) });
  }, [postLogout, setUser, queryClient]);

  const refresh = useCallback(
    async (given?: User | null) => {
      if (given !== undefined) {
        await setUser(given);
        return given;
      }
      try {
        return await queryClient.fetchQuery({ ...authQueries.me(), staleTime: 0 });
      } catch (error) {
        console.error('No se pudo actualizar la sesión.', error);
        return queryClient.getQueryData(ME_KEY) ?? null;
      }
    },
    [setUser, queryClient],
  );

  const isLoading = me.isPending;
  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading, login, logout, refresh }),
    [user, isLoading, login, logout, refresh],
  );

  return <AuthContext.Provider value={value}>{isLoading ? <Loading /> : children}</AuthContext.Provider>;
}
