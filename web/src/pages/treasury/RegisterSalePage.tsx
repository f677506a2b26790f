import { Card, Flex } from 'antd';
import { Link } from 'react-router';
import { Page } from '../../components/Page';
import { BackToTreasury } from './BackToTreasury';
import { SaleForm } from './SaleForm';

export function RegisterSalePage() {
  return (
    <Page title="Registrar Venta" subtitle="El precio sale del catálogo; solo eliges el artículo y el descuento.">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <BackToTreasury />
        <Link to="/treasury/history">Ver historial de ventas</Link>
      </Flex>
      <Card className="form-card">
        <SaleForm />
      </Card>
    </Page>
  );
}
