import { createContext } from 'react';
import type { Profile } from '../api/types';
import type { Rights } from './rights';

export const USER_KEY = 'user';
export const SESSION_EXPIRED_MESSAGE = 'Tu sesión expiró. Inicia sesión de nuevo para continuar.';
export const PROFILE_FAILED_MESSAGE = 'Failed to fetch user profile';
export const PROFILE_NETWORK_MESSAGE = 'Network error. Please try again.';

export interface AuthState {
  user: Profile | null;
  loading: boolean;
  error: string | null;
}

export interface AuthContextValue extends AuthState, Rights {
  /** The token of the signed-in session (null when signed out and while the session is checked). */
  sessionToken: string | null;
  /** Stores the token and loads the profile; resolves true once signed in. */
  login: (token: string) => Promise<boolean>;
  /** Signs out here and on the server, then goes to /. */
  logout: () => void;
  clearError: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
