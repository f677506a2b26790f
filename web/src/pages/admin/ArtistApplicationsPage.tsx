import { Result } from 'antd';
import { useAuth } from '../../auth/useAuth';
import { Page } from '../../components/Page';

export const NO_PERMISSION_MESSAGE = 'No tienes permiso para acceder a esta página';

/** Open to the artist-application reviewers only. */
export function ArtistApplicationsPage() {
  const { user } = useAuth();
  if (!user?.artistReviewer) return <Result status="403" title={NO_PERMISSION_MESSAGE} />;
  return <Page title="Aplicaciones de Dibujantes" />;
}
