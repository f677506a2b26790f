import { Page } from '../../components/Page';

export { SupportPage } from './SupportPage';

export function RecordsPage() {
  return <Page title="Expedientes Criminales" />;
}

export function DocumentsPage() {
  return <Page title="Sistema de Documentación" />;
}
