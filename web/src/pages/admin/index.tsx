import { Page } from '../../components/Page';

export { ApiKeysPage } from './ApiKeysPage';
export { ArtistApplicationsPage } from './ArtistApplicationsPage';
export { NewsAdminPage } from './NewsAdminPage';
export { SecurityPage } from './SecurityPage';

export function SatPage() {
  return <Page title="Panel SAT" subtitle="Sistema de Administración de Negocios" />;
}

export function RolesPage() {
  return <Page title="Gestión de Roles y Permisos" />;
}
