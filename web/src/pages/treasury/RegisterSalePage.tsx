import { Alert, Card, Flex } from 'antd';
import { Link } from 'react-router';
import { useAuth } from '../../auth/useAuth';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { BackToTreasury } from './BackToTreasury';
import { SaleForm } from './SaleForm';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const NO_REGISTER_RIGHT = 'Tu rol no tiene permiso para registrar ventas.';

export function RegisterSalePage() {
  // Registering a sale is the matrix's Modificación on the treasury panel; the server refuses it too.
  const canRegister = useAuth().can('treasury', 'modify');
  return (
    <Page title={PAGE_TITLES['/treasury/register']} subtitle={PAGE_SUBTITLES['/treasury/register']}>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <BackToTreasury />
        <Link to="/treasury/history">Ver historial de ventas</Link>
      </Flex>
      {canRegister ? (
        <Card className="form-card">
          <SaleForm />
        </Card>
      ) : (
        <Alert type="warning" showIcon title={NO_REGISTER_RIGHT} />
      )}
    </Page>
  );
}
