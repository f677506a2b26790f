import { Suspense } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { Loading } from '../components/Loading';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { SupportButton } from './SupportButton';

export function AppLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <NavBar />
      <Layout.Content className="content">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Footer />
      <SupportButton />
    </Layout>
  );
}
