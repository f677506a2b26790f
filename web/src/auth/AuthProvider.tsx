import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, TOKEN_KEY, apiFetch, setUnauthorizedHandler } from '../api/client';
import { queryKeys } from '../api/queries';
import type { Profile } from '../api/types';
import {
  AuthContext,
  PROFILE_FAILED_MESSAGE,
  PROFILE_NETWORK_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  USER_KEY,
  type AuthContextValue,
  type AuthState,
} from './context';
import { forgetPerson } from './forgetPerson';
import { rightsOf } from './rights';
import { saveRedirect } from './redirect';
import { PROFILE_REFRESH_INTERVAL, profileQuery } from './profileQuery';

function readStoredUser(): Profile | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'discordId' in parsed) return parsed as Profile;
  } catch {
    // A damaged entry is dropped below.
  }
  localStorage.removeItem(USER_KEY);
  return null;
}

interface SessionState extends AuthState {
  /** The stored token the state belongs to (null when signed out). */
  token: string | null;
}

function initialState(queryClient: QueryClient): SessionState {
  // The prerender has no storage: what depends on the person renders in the browser.
  if (typeof localStorage === 'undefined') return { token: null, user: null, loading: false, error: null };
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) {
    localStorage.removeItem(USER_KEY);
    return { token: null, user: null, loading: false, error: null };
  }
  // The server wrote this session's profile into the page (ssr/bootData.ts): no need to ask.
  const served = queryClient.getQueryData<Profile>(queryKeys.profile(token));
  if (served) return { token, user: served, loading: false, error: null };
  return { token, user: readStoredUser(), loading: true, error: null };
}

type ProfileResult = { ok: true; profile: Profile } | { ok: false; error: string };

/** Fetches the signed-in user's profile and maps a failure to its message. */
async function requestProfile(queryClient: QueryClient, token: string): Promise<ProfileResult> {
  try {
    const profile = await queryClient.fetchQuery({ ...profileQuery(token), staleTime: 0 });
    return { ok: true, profile };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return { ok: false, error: SESSION_EXPIRED_MESSAGE };
    if (err instanceof ApiError && err.isNetworkError) return { ok: false, error: PROFILE_NETWORK_MESSAGE };
    return { ok: false, error: PROFILE_FAILED_MESSAGE };
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() => initialState(queryClient));

  const clearStoredSession = useCallback(() => {
    // The caches go in the background: nothing on screen waits for them.
    void forgetPerson(queryClient);
  }, [queryClient]);

  // The router moves in a transition; signing out in the same transition lets the page
  // change and the user disappear in one render, so a protected page never sees a signed-out user.
  const signOutAndGoHome = useCallback(
    (error: string | null) => {
      clearStoredSession();
      startTransition(() => {
        setState({ token: null, user: null, loading: false, error });
        navigate('/');
      });
    },
    [clearStoredSession, navigate],
  );

  // An ended session sends the person to sign in again, with the reason, and back to the
  // page they were on afterwards.
  const location = useLocation();
  const here = useRef('/');
  useEffect(() => {
    here.current = location.pathname + location.search + location.hash;
  }, [location]);
  const expireSession = useCallback(() => {
    // A refusal that arrives after signing out (the live stream hears the logout too) is
    // about a session already left: it changes nothing.
    if (localStorage.getItem(TOKEN_KEY) === null) return;
    const page = here.current;
    if (page !== '/login' && !page.startsWith('/auth/')) saveRedirect(page);
    clearStoredSession();
    startTransition(() => {
      setState({ token: null, user: null, loading: false, error: SESSION_EXPIRED_MESSAGE });
      navigate('/login');
    });
  }, [clearStoredSession, navigate]);

  const logout = useCallback(() => {
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) {
      apiFetch<void>('/api/auth/logout', { method: 'POST', token, handleUnauthorized: false }).catch(() => undefined);
    }
    signOutAndGoHome(null);
  }, [signOutAndGoHome]);

  /** Applies a profile answer for `token`; true when the user is signed in. */
  const applyProfile = useCallback(
    (token: string, result: ProfileResult): boolean => {
      if (localStorage.getItem(TOKEN_KEY) !== token) return false;
      if (result.ok) {
        setState({ token, user: result.profile, loading: false, error: null });
        return true;
      }
      if (result.error === SESSION_EXPIRED_MESSAGE) expireSession();
      else setState((current) => ({ ...current, loading: false, error: result.error }));
      return false;
    },
    [expireSession],
  );

  const login = useCallback(
    (token: string) => {
      localStorage.setItem(TOKEN_KEY, token);
      setState((current) => ({ ...current, token, loading: true, error: null }));
      return requestProfile(queryClient, token).then((result) => applyProfile(token, result));
    },
    [queryClient, applyProfile],
  );

  // The session check at start-up, when a token is stored.
  // Later sign-ins go through login(), so this runs once.
  const sessionChecked = useRef(false);
  useEffect(() => {
    if (sessionChecked.current) return;
    sessionChecked.current = true;
    const token = localStorage.getItem(TOKEN_KEY);
    if (token && !queryClient.getQueryData(queryKeys.profile(token))) void requestProfile(queryClient, token).then((result) => applyProfile(token, result));
  }, [queryClient, applyProfile]);

  useEffect(() => setUnauthorizedHandler(expireSession), [expireSession]);

  // Roles change in Discord at any time: a signed-in user's profile is read again
  // whenever the window regains focus and every minute.
  const sessionToken = state.user !== null && !state.loading ? state.token : null;
  const refreshed = useQuery({
    ...profileQuery(sessionToken ?? ''),
    enabled: sessionToken !== null,
    staleTime: PROFILE_REFRESH_INTERVAL,
    refetchOnWindowFocus: 'always',
    refetchInterval: PROFILE_REFRESH_INTERVAL,
  });
  const user = sessionToken !== null ? (refreshed.data ?? state.user) : state.user;

  const refreshError = refreshed.error;
  useEffect(() => {
    if (sessionToken !== null && refreshError instanceof ApiError && refreshError.status === 401) expireSession();
  }, [sessionToken, refreshError, expireSession]);

  const clearError = useCallback(() => setState((current) => ({ ...current, error: null })), []);

  const value = useMemo<AuthContextValue>(() => {
    return {
      user,
      loading: state.loading,
      error: state.error,
      sessionToken,
      login,
      logout,
      clearError,
      ...rightsOf(user),
    };
  }, [user, state.loading, state.error, sessionToken, login, logout, clearError]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
