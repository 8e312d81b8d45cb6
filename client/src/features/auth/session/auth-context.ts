import { createContext } from 'react';
import type { LoginBody, User } from '../api/types';

export type AuthContextValue = {
  /** The signed-in user, or null for a guest. */
  user: User | null;
  /** True only while the first session check runs. */
  isLoading: boolean;
  /** Signs in; the user comes from the answer. Rejects with the server's error (an ApiError). */
  login: (credentials: LoginBody) => Promise<User>;
  /** Signs out. The local session is cleared even when the server call fails. */
  logout: () => Promise<void>;
  /** Sets the user from `user` when given (e.g. a payment answer), else asks the server again. */
  refresh: (user?: User | null) => Promise<User | null>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
