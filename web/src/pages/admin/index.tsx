import { Page } from '../../components/Page';

export { ApiKeysPage } from './ApiKeysPage';
export { ArtistApplicationsPage } from './ArtistApplicationsPage';
export { NewsAdminPage } from './NewsAdminPage';
export { SecurityPage } from './SecurityPage';
export { SatPage } from './SatPage';

export function RolesPage() {
  return <Page title="Gestión de Roles y Permisos" />;
}
