import { Alert, Button, Card, Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import { GlobalOutlined, IdcardOutlined } from '@ant-design/icons';
import { labelMap } from '../../api/labels';
import { DOCUMENT_KINDS, ROBLOX_NAME_STATUSES } from '../../api/serverConstants.gen';
import type { DocumentKind, IdentityDocument } from '../../api/types';
import { formatDayShort } from '../dates';

const NAME_STATUS_LABELS = labelMap(ROBLOX_NAME_STATUSES);

export const ROBLOX_NAME_FLAGGED_TEXT = NAME_STATUS_LABELS.flagged;
export const ROBLOX_NAME_FLAGGED_HELP =
  'Otra persona verificó este usuario de Roblox, o tu cuenta vinculada es otra. Corrige el nombre de Roblox de tu documento.';
export const CORRECT_NAME_TEXT = 'Corregir nombre de Roblox';

type RobloxNameStatus = IdentityDocument['robloxNameStatus'];

const NAME_STATUS_COLORS: Record<RobloxNameStatus, string> = { verified: 'success', unverified: 'default', flagged: 'error' };

/** The document's Roblox name and what it is worth, as the server computed it. */
function RobloxName({ document }: { document: IdentityDocument }) {
  const status = document.robloxNameStatus;
  return (
    <Flex gap={6} wrap align="center">
      <span style={{ overflowWrap: 'anywhere' }}>{document.RobloxName}</span>
      <Tag color={NAME_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
        {NAME_STATUS_LABELS[status]}
      </Tag>
    </Flex>
  );
}

export const DOCUMENT_NAMES: Record<DocumentKind, string> = labelMap(DOCUMENT_KINDS);

function yearsText(age: number): string {
  return age === 1 ? '1 año' : `${age} años`;
}

interface DocumentCardProps {
  document: IdentityDocument;
  title?: string;
  /** Offered to the document's holder: opens the correction of its Roblox name. */
  onCorrectName?: () => void;
}

/** A player's identity document, as a card. */
export function DocumentCard({ document, title, onCorrectName }: DocumentCardProps) {
  const isINE = document.type === 'INE';
  const items: DescriptionsProps['items'] = [
    { key: 'nombre', label: 'Nombre', children: document.Nombre },
    { key: 'apellido', label: 'Apellido', children: document.Apellido },
    { key: 'roblox', label: 'Usuario de Roblox', children: <RobloxName document={document} /> },
    ...(isINE
      ? [
          { key: 'estado', label: 'Estado', children: document.Estado ?? '' },
          { key: 'municipio', label: 'Municipio', children: document.Municipio ?? '' },
        ]
      : [{ key: 'pais', label: 'País', children: document.Pais ?? '' }]),
    { key: 'nacimiento', label: 'Fecha de Nacimiento', children: document.FechaNacimiento },
    { key: 'edad', label: 'Edad', children: yearsText(document.edad) },
    { key: 'expedicion', label: 'Fecha de Expedición', children: formatDayShort(document.issuedAt) },
  ];
  return (
    <Card
      className="document-card"
      role="region"
      aria-label={title ?? DOCUMENT_NAMES[document.type]}
      title={
        <Flex align="center" gap={8} wrap>
          {isINE ? <IdcardOutlined /> : <GlobalOutlined />}
          <span>{title ?? DOCUMENT_NAMES[document.type]}</span>
          <Tag color={isINE ? 'green' : 'geekblue'} style={{ marginInlineEnd: 0 }}>
            {isINE ? 'INE' : 'Pasaporte'}
          </Tag>
        </Flex>
      }
    >
      <Typography.Paragraph style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">Número: </Typography.Text>
        <Typography.Text strong code copyable={{ tooltips: ['Copiar número', 'Copiado'] }}>
          {document.number}
        </Typography.Text>
      </Typography.Paragraph>
      {document.robloxNameStatus === 'flagged' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={ROBLOX_NAME_FLAGGED_TEXT}
          description={ROBLOX_NAME_FLAGGED_HELP}
          action={
            onCorrectName ? (
              <Button size="small" onClick={onCorrectName}>
                {CORRECT_NAME_TEXT}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />
      {onCorrectName && document.robloxNameStatus === 'unverified' ? (
        <Button type="link" style={{ paddingInline: 0, marginTop: 8 }} onClick={onCorrectName}>
          {CORRECT_NAME_TEXT}
        </Button>
      ) : null}
    </Card>
  );
}
