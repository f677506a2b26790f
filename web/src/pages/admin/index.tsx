import { Page } from '../../components/Page';

export { ArtistApplicationsPage } from './ArtistApplicationsPage';

export function SatPage() {
  return <Page title="Panel SAT" subtitle="Sistema de Administración de Negocios" />;
}

export function NewsAdminPage() {
  return <Page title="Gestión de Noticias" />;
}

export function RolesPage() {
  return <Page title="Gestión de Roles y Permisos" />;
}

export function SecurityPage() {
  return <Page title="Seguridad" />;
}
