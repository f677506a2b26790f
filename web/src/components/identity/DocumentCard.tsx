import { Card, Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import { GlobalOutlined, IdcardOutlined } from '@ant-design/icons';
import type { DocumentKind, IdentityDocument } from '../../api/types';
import { formatDayShort } from '../dates';

export const DOCUMENT_NAMES: Record<DocumentKind, string> = {
  INE: 'Identificación Nacional',
  PASAPORTE: 'Pasaporte Internacional',
};

function yearsText(age: number): string {
  return age === 1 ? '1 año' : `${age} años`;
}

/** A player's identity document, as a card. */
export function DocumentCard({ document, title }: { document: IdentityDocument; title?: string }) {
  const isINE = document.type === 'INE';
  const items: DescriptionsProps['items'] = [
    { key: 'nombre', label: 'Nombre', children: document.Nombre },
    { key: 'apellido', label: 'Apellido', children: document.Apellido },
    { key: 'roblox', label: 'Usuario de Roblox', children: document.RobloxName },
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
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />
    </Card>
  );
}
