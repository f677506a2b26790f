import { Suspense, lazy } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useAuth } from '../auth/useAuth';
import { Loading } from '../components/Loading';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

// Signed-in users only: visitors do not download it (nor the ticket hooks and badge it brings).
const SupportButton = lazy(async () => ({ default: (await import('./SupportButton')).SupportButton }));

export function AppLayout() {
  const { user } = useAuth();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <NavBar />
      <Layout.Content className="content">
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
