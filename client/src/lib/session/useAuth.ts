import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';

/** The session. Only inside <AuthProvider>: anywhere else it is a programming error. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth() must be used inside <AuthProvider>.');
  return value;
}
