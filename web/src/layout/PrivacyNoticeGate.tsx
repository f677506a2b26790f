import { Suspense, lazy, useEffect, useState } from 'react';
import { usePrivacy } from '../api/personalData';
import { useAuth } from '../auth/useAuth';
import { preloadWhenIdle } from './preloadWhenIdle';

// Downloaded only by a member who has not read the notice: everyone else downloads nothing more.
const PrivacyNotice = lazy(async () => ({ default: (await import('../components/PrivacyNotice')).PrivacyNotice }));

/**
 * Asks, once the page has loaded and the browser is idle, whether the signed-in member read the
 * short privacy notice, and shows it when they have not; asks nothing about a visitor.
 */
export function PrivacyNoticeGate() {
  const { user } = useAuth();
  const [idle, setIdle] = useState(false);
  useEffect(() => preloadWhenIdle(() => setIdle(true)), []);
  const privacy = usePrivacy(idle && user !== null);
  if (privacy.data?.noticeSeen !== false) return null;
  return (
    <Suspense fallback={null}>
      <PrivacyNotice />
    </Suspense>
  );
}
