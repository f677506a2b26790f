import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { saveRedirect } from '../auth/redirect';
import { useAuth } from '../auth/useAuth';
import { useProfileRecheck } from '../auth/useProfileRecheck';
import { useBrowserOnly } from '../ssr/browserOnly';
import { Loading, VERIFYING_TEXT } from './Loading';

interface ProtectedRouteProps {
  children: ReactNode;
  /** A signed-in user refused here who may open this page goes there instead of /unauthorized. */
  otherwise?: string;
}

/** Remembers the requested page, then goes to /login. */
function ToLogin({ from }: { from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    saveRedirect(from);
    navigate('/login', { replace: true });
  }, [from, navigate]);
  return <Loading text={VERIFYING_TEXT} />;
}

/**
 * Lets in signed-in users whom the server lets open the page (the profile's `pages`); others
 * go to /login or /unauthorized. A refusal waits for the profile to be read again, so that
 * a right granted since the last read counts.
 */
export function ProtectedRoute({ children, otherwise }: ProtectedRouteProps) {
  // Who is asking is known in the browser: the prerendered page shows the frame (layout/PageFallback).
  useBrowserOnly();
  const { user, loading, mayOpen } = useAuth();
  const location = useLocation();
  const allowed = mayOpen(location.pathname);
  const rechecking = useProfileRecheck(!loading && user !== null && !allowed);

  if (loading) return <Loading text={VERIFYING_TEXT} />;
  if (!user) return <ToLogin from={location.pathname + location.search} />;
  if (allowed) return children;
  if (rechecking) return <Loading text={VERIFYING_TEXT} />;
  return <Navigate to={otherwise && mayOpen(otherwise) ? otherwise : '/unauthorized'} replace />;
}
