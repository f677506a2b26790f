import type { ReactNode } from 'react';
import { useAuth } from '../auth/useAuth';
import { Loading, VERIFYING_TEXT } from './Loading';
import { LoginPrompt } from './LoginPrompt';

/**
 * Shows its content to a signed-in user only; others get the sign-in notice. The routes
 * already send signed-out visitors to /login: this covers a session that ends on the page.
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (user) return children;
  if (loading) return <Loading text={VERIFYING_TEXT} />;
  return <LoginPrompt />;
}
