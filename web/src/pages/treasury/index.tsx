import { Page } from '../../components/Page';

export function TreasuryPage() {
  return <Page title="Tesorería" />;
}

export function RegisterSalePage() {
  return <Page title="Registrar Venta" />;
}

export function SalesHistoryPage() {
  return <Page title="Historial de Ventas" />;
}

export function TreasuryMembersPage() {
  return <Page title="Miembros de Tesorería" />;
}
