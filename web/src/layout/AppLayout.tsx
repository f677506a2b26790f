import { Suspense, lazy } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useAuth } from '../auth/useAuth';
import { BrowserBoundary, RequestRegion } from '../ssr/browserOnly';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageFallback } from './PageFallback';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

// Signed-in users only: visitors do not download it (nor the ticket hooks and badge it brings).
const SupportButton = lazy(async () => ({ default: (await import('./SupportButton')).SupportButton }));
// The check whether a member read the short privacy notice, in the same chunk.
const PrivacyNoticeGate = lazy(async () => ({ default: (await import('./PrivacyNoticeGate')).PrivacyNoticeGate }));

export function AppLayout() {
  const { user } = useAuth();
  return (
    <Layout className="app-layout">
      <SkipLink />
      <NavBar />
      {/* tabIndex -1: the skip link can focus it, Tab cannot stop on it. The content holds at
          least the window's height (index.css), so the footer never shows above a page that is
          still loading and is never pushed away by it. */}
      <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} className="content">
        <BrowserBoundary fallback={<PageFallback />}>
          <Outlet />
        </BrowserBoundary>
      </Layout.Content>
      <Footer />
      {/* Who is signed in is known in the browser: the prerendered page leaves it out. */}
      <RequestRegion>
        {user ? (
          <>
            <Suspense fallback={null}>
              <SupportButton />
            </Suspense>
            {/* The short privacy notice, once, to a member who has not read it. */}
            <Suspense fallback={null}>
              <PrivacyNoticeGate />
            </Suspense>
          </>
        ) : null}
      </RequestRegion>
    </Layout>
  );
}
