import { Alert, Button, Card, Flex, Typography } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useDownloadMyData } from '../../api/personalData';

export const MY_DATA_TITLE = 'Mis datos';
export const MY_DATA_DOWNLOAD = 'Descargar mis datos (JSON)';

/**
 * "Mis datos" on the member's profile: the right of access. The download holds every row the
 * portal keeps that names them (core/personaldata), table by table; asking is recorded.
 */
export function MyDataSection() {
  const download = useDownloadMyData();
  return (
    <Card
      className="profile-section"
      title={
        <Flex align="center" gap={8}>
          <SafetyCertificateOutlined />
          <span>{MY_DATA_TITLE}</span>
        </Flex>
      }
      extra={<Link to="/privacy-policy">Tus derechos</Link>}
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Descarga todo lo que el portal guarda sobre ti: tu cuenta, documentos, expediente, tickets, turnos, votos, ventas y el registro
          de cambios hechos por ti o sobre ti. Cada descarga queda registrada.
        </Typography.Paragraph>
        {download.error ? <Alert type="error" showIcon title={download.error.message} /> : null}
        <div>
          <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
            {MY_DATA_DOWNLOAD}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
