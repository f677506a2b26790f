import { Page } from '../../components/Page';

export { AdminSupportPage } from './AdminSupportPage';

export function DashboardPage() {
  return <Page title="Panel de Control" />;
}

export function StaffProfilePage() {
  return <Page title="Mi Perfil" />;
}

export function StaffStatsPage() {
  return <Page title="Mis Estadísticas" />;
}
