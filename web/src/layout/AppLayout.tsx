import { Suspense, lazy } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useAuth } from '../auth/useAuth';
import { Loading } from '../components/Loading';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

// Signed-in users only: visitors do not download it (nor the ticket hooks and badge it brings).
const SupportButton = lazy(async () => ({ default: (await import('./SupportButton')).SupportButton }));

export function AppLayout() {
  const { user } = useAuth();
  return (
    <Layout style={{ minHeight: '100vh' }} className={user ? 'with-support-button' : undefined}>
      <SkipLink />
      <NavBar />
      {/* tabIndex -1: the skip link can focus it, Tab cannot stop on it. */}
      <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} className="content">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Footer />
      {user ? (
        <Suspense fallback={null}>
          <SupportButton />
        </Suspense>
      ) : null}
    </Layout>
  );
}
