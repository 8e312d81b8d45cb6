// The session as every part of the app reads it (useAuth): who is signed in and how to sign in or out. The accounts
// feature's AuthProvider, mounted by app/, provides it.
import { createContext } from 'react';
import type { LoginBody, User } from '../../api/account-types';
import type { LastAccount } from './last-account';

export type AuthContextValue = {
  /** The signed-in user, or null for a guest. */
  user: User | null;
  /** True only while the first session check runs. */
  isLoading: boolean;
  /**
   * While the server cannot be reached (no network) and `user` is therefore null: the account last signed in at
   * this device (id and roles only), for what can be done offline and sent later. Null otherwise.
   */
  offlineUser?: LastAccount | null;
  /** Signs in; the user comes from the answer. Rejects with the server's error (an ApiError). */
  login: (credentials: LoginBody) => Promise<User>;
  /** Signs out. The local session is cleared even when the server call fails. */
  logout: () => Promise<void>;
  /** Sets the user from `user` when given (e.g. a payment answer), else asks the server again. */
  refresh: (user?: User | null) => Promise<User | null>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
