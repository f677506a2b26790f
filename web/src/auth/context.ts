import { createContext } from 'react';
import type { Ability, PanelId, PanelLevel, Profile } from '../api/types';

export const USER_KEY = 'user';
export const SESSION_EXPIRED_MESSAGE = 'Tu sesión expiró. Inicia sesión de nuevo para continuar.';
export const PROFILE_FAILED_MESSAGE = 'Failed to fetch user profile';
export const PROFILE_NETWORK_MESSAGE = 'Network error. Please try again.';

export interface AuthState {
  user: Profile | null;
  loading: boolean;
  error: string | null;
}

export interface AuthContextValue extends AuthState {
  /** The token of the signed-in session (null when signed out and while the session is checked). */
  sessionToken: string | null;
  /** Stores the token and loads the profile; resolves true once signed in. */
  login: (token: string) => Promise<boolean>;
  /** Signs out here and on the server, then goes to /. */
  logout: () => void;
  /**
   * Whether the permission matrix grants the user a right on a panel (false when signed out).
   * The server applies the same matrix; this only spares the user buttons it would refuse.
   */
  can: (panel: PanelId, level: PanelLevel) => boolean;
  /** Whether the server grants the user one of the rules outside the matrix (false when signed out). */
  may: (ability: Ability) => boolean;
  /** Whether the server lets the user open the page at this path (false when signed out). */
  mayOpen: (path: string) => boolean;
  /**
   * Whether the navigation offers the user the page at this path: one they may open that is
   * not a dead end for them (a Trial member's dashboard), as the server's menu says.
   */
  offers: (path: string) => boolean;
  clearError: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
