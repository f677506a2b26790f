import { Alert, Button, Card, Checkbox, Divider, Flex, Typography } from 'antd';
import { DownloadOutlined, FilePdfOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useDownloadMyData, usePrivacy, useSetPrivacy } from '../../api/personalData';
import { MINOR_EFFECTS, MINOR_LABEL, dataUseLabels } from '../../components/dataRequests';
import { ErrorBanner } from '../../components/ErrorBanner';
import { QueryErrorAlert } from '../../components/QueryState';
import { DataRequestForm } from './DataRequestForm';
import { MyDataRequests } from './MyDataRequests';

export const MY_DATA_TITLE = 'Mis datos';
export const MY_DATA_DOWNLOAD = 'Descargar mis datos (JSON)';
export const MY_DATA_DOWNLOAD_PDF = 'Descargar en PDF';
export const FILE_REQUEST_TITLE = 'Presentar una solicitud';
export const BLOCKED_TEXT =
  'Tus datos están bloqueados por una cancelación aprobada: el portal ya no los usa y se suprimirán al terminar el plazo de bloqueo.';
export const OPPOSED_TITLE = 'Te opusiste a estos usos de tus datos:';

/** The downloads: the right of access. The file holds every row the portal keeps that names them (core/personaldata). */
function Downloads() {
  const download = useDownloadMyData();
  return (
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
  );
}

/**
 * What the member decided about their data: under 18 (sent as they switch it, the switch
 * showing the server's answer, not a guess), the uses they opposed, and whether a cancellation
 * blocked it all.
 */
function PrivacyChoices() {
  const privacy = usePrivacy();
  const save = useSetPrivacy();
  const choices = privacy.data;
  const opposed = choices?.opposed ?? [];
  return (
    <Flex vertical gap={12}>
      <QueryErrorAlert queries={privacy} style={{ marginBottom: 0 }} />
      {choices?.blocked ? <Alert type="warning" showIcon title={BLOCKED_TEXT} /> : null}
      <Flex vertical gap={4}>
        <Checkbox checked={choices?.minor ?? false} disabled={save.isPending || !choices} onChange={(event) => save.mutate({ minor: event.target.checked })}>
          {MINOR_LABEL}
        </Checkbox>
        <Typography.Text type="secondary">{MINOR_EFFECTS}</Typography.Text>
      </Flex>
      <ErrorBanner message={save.error?.message} onClose={() => save.reset()} style={{ marginBottom: 0 }} />
      {opposed.length > 0 ? (
        <div>
          <Typography.Text>{OPPOSED_TITLE}</Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }} aria-label="Usos a los que te opusiste">
            {dataUseLabels(opposed).map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Flex>
  );
}

/**
 * "Mis datos" on the member's profile: the downloads (access), their choices (age, opposed
 * uses), the form to file a request of rectification, cancellation, opposition or revocation,
 * and their requests with the deadline of each. Every step is recorded by the server.
 */
export function MyDataSection() {
  const privacy = usePrivacy();
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
        <Downloads />
        <Divider style={{ margin: '4px 0' }} />
        <PrivacyChoices />
        <Divider style={{ margin: '4px 0' }} />
        <section aria-label={FILE_REQUEST_TITLE}>
          <Typography.Title level={3} className="title-size-5">
            {FILE_REQUEST_TITLE}
          </Typography.Title>
          <DataRequestForm opposed={privacy.data?.opposed} />
        </section>
        <Divider style={{ margin: '4px 0' }} />
        <MyDataRequests />
      </Flex>
    </Card>
  );
}
