import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { takeRedirect } from '../../auth/redirect';
import { useAuth } from '../../auth/useAuth';
import { Loading } from '../../components/Loading';
import type { LoginLocationState } from './LoginPage';

export const MISSING_TOKEN_MESSAGE = 'No se encontró el token de autenticación.';

export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { login } = useAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = params.get('error');
    const token = params.get('token');
    if (error || !token) {
      const state: LoginLocationState = { authError: error || MISSING_TOKEN_MESSAGE };
      navigate('/login', { replace: true, state });
      return;
    }
    void login(token).then((ok) => {
      navigate(ok ? takeRedirect('/') : '/login', { replace: true });
    });
  }, [params, login, navigate]);

  return <Loading text="Iniciando sesión..." />;
}
