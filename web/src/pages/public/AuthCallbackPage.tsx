import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, apiFetch } from '../../api/client';
import { takeRedirect } from '../../auth/redirect';
import { useAuth } from '../../auth/useAuth';
import { Loading } from '../../components/Loading';
import type { LoginLocationState } from './LoginPage';

export const MISSING_CODE_MESSAGE = 'No se encontró el código de inicio de sesión. Inicia sesión de nuevo.';
export const EXCHANGE_FAILED_MESSAGE = 'No se pudo completar el inicio de sesión. Inténtalo de nuevo.';

/**
 * The end of the Discord sign-in: trades the one-time code in the URL for a token. Only this
 * browser (holding the sign-in's HttpOnly state cookie) can; a token in the URL is ignored.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { login } = useAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const toLogin = (authError: string) => {
      const state: LoginLocationState = { authError };
      navigate('/login', { replace: true, state });
    };
    const error = params.get('error');
    const code = params.get('code');
    if (error || !code) {
      toLogin(error || MISSING_CODE_MESSAGE);
      return;
    }
    apiFetch<{ token: string }>('/api/auth/exchange', {
      method: 'POST',
      body: { code },
      token: null,
      handleUnauthorized: false,
      errorMessage: EXCHANGE_FAILED_MESSAGE,
    })
      .then(({ token }) => login(token))
      .then(
        (ok) => navigate(ok ? takeRedirect('/') : '/login', { replace: true }),
        (err: unknown) => toLogin(err instanceof ApiError ? err.message : EXCHANGE_FAILED_MESSAGE),
      );
  }, [params, login, navigate]);

  return <Loading text="Iniciando sesión..." />;
}
