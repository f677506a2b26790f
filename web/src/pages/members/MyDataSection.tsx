import { Alert, Button, Card, Flex, Typography } from 'antd';
import { DownloadOutlined, FilePdfOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useDownloadMyData } from '../../api/personalData';

export const MY_DATA_TITLE = 'Mis datos';
export const MY_DATA_DOWNLOAD = 'Descargar mis datos (JSON)';
export const MY_DATA_DOWNLOAD_PDF = 'Descargar en PDF';

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
          de cambios hechos por ti o sobre ti, en JSON o en un PDF para leer. Cada descarga queda registrada.
        </Typography.Paragraph>
        {download.error ? <Alert type="error" showIcon title={download.error.message} /> : null}
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} loading={download.isPending && download.variables === 'json'} disabled={download.isPending} onClick={() => download.mutate('json')}>
            {MY_DATA_DOWNLOAD}
          </Button>
          <Button icon={<FilePdfOutlined />} loading={download.isPending && download.variables === 'pdf'} disabled={download.isPending} onClick={() => download.mutate('pdf')}>
            {MY_DATA_DOWNLOAD_PDF}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
