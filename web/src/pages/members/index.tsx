import { Page } from '../../components/Page';

export function RecordsPage() {
  return <Page title="Expedientes Criminales" />;
}

export function DocumentsPage() {
  return <Page title="Sistema de Documentación" />;
}

export function SupportPage() {
  return <Page title="Centro de Soporte" />;
}
