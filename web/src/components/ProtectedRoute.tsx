import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useConfig } from '../api/queries';
import type { GroupName, RoleName } from '../api/types';
import { rolesOfGroups } from '../auth/permissions';
import { saveRedirect } from '../auth/redirect';
import { useAuth } from '../auth/useAuth';
import { useProfileRecheck } from '../auth/useProfileRecheck';
import { ErrorBanner } from './ErrorBanner';
import { Loading, VERIFYING_TEXT } from './Loading';

interface ProtectedRouteProps {
  children: ReactNode;
  /** Role names, any of which lets the user in (by the portal's permission check). */
  roles?: readonly RoleName[];
  /** Groups whose role names are added to `roles`. */
  groups?: readonly GroupName[];
  /** A signed-in user refused here who belongs to these groups goes to `to` instead of /unauthorized. */
  otherwise?: { groups: readonly GroupName[]; to: string };
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
 * Lets in signed-in users (with the listed roles, if any); others go to /login or /unauthorized.
 * A user whose known roles fall short is refused only after their profile has been read again.
 */
export function ProtectedRoute({ children, roles = [], groups = [], otherwise }: ProtectedRouteProps) {
  const { user, loading, hasPermission, inGroups } = useAuth();
  const location = useLocation();
  const config = useConfig();
  const needsRoles = roles.length > 0 || groups.length > 0;

  const required = config.data ? [...roles, ...rolesOfGroups(config.data.groups, groups)] : [];
  const allowed = required.length > 0 && hasPermission(required);
  const refused = !loading && user !== null && needsRoles && config.isSuccess && !allowed;
  const rechecking = useProfileRecheck(refused);

  if (loading) return <Loading text={VERIFYING_TEXT} />;
  if (!user) return <ToLogin from={location.pathname + location.search} />;
  if (!needsRoles) return children;

  if (config.isPending) return <Loading text={VERIFYING_TEXT} />;
  if (config.isError) return <ErrorBanner message={config.error.message} />;

  if (allowed) return children;
  if (rechecking) return <Loading text={VERIFYING_TEXT} />;

  const to = otherwise && inGroups(otherwise.groups) ? otherwise.to : '/unauthorized';
  return <Navigate to={to} replace />;
}
