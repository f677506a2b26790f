import { useState } from 'react';
import { App, Avatar, Button, Card, Col, Empty, Flex, Popconfirm, Row, Skeleton, Tag, Typography } from 'antd';
import {
  CheckCircleOutlined,
  CloudServerOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FileOutlined,
  IdcardOutlined,
  PauseCircleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { labelOf } from '../../api/labels';
import { fetchBusinessDocument, useBusinesses, useSetBusinessStatus } from '../../api/sat';
import { BUSINESS_STATUSES } from '../../api/serverConstants.gen';
import type { Business, BusinessDocument, BusinessStatus } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { BackToDashboard } from '../../components/BackToDashboard';
import { saveFile } from '../../api/client';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert } from '../../components/QueryState';
import { avatarUrl, initial } from '../../layout/avatar';
import { BusinessFormDialog } from './BusinessFormDialog';
import { formatFileSize } from './businessFiles';
import { PAGE_SUBTITLES } from '../../pageSubtitles';
import { OneLineText } from '../../components/OneLineText';

export const DEFAULT_BUSINESS_LOGO = '/business-default.svg';
export const NO_BUSINESSES_TEXT = 'No hay negocios registrados';
export const BUSINESS_SUSPENDED = 'Negocio suspendido';
export const BUSINESS_REACTIVATED = 'Negocio reactivado';

const STATUS_COLORS: Record<BusinessStatus, string> = { active: 'success', suspended: 'error' };

/** A business's status as a tag: the server's Spanish label; an unknown status as it came. */
function statusTag(status: string): { label: string; color: string } {
  const color = Object.hasOwn(STATUS_COLORS, status) ? STATUS_COLORS[status as BusinessStatus] : 'default';
  return { label: labelOf(BUSINESS_STATUSES, status), color };
}

/** The business's logo, or the default image when it has none or it fails to load. */
function BusinessLogo({ business }: { business: Business }) {
  const wanted = business.logo.trim() === '' ? DEFAULT_BUSINESS_LOGO : business.logo;
  const [failed, setFailed] = useState<string | null>(null);
  const src = failed === wanted ? DEFAULT_BUSINESS_LOGO : wanted;
  const isDefault = src === DEFAULT_BUSINESS_LOGO;
  return (
    <div className={isDefault ? 'business-logo business-logo-default' : 'business-logo'}>
      <img src={src} alt={`Logo de ${business.name}`} loading="lazy" onError={() => setFailed(wanted)} />
    </div>
  );
}

function documentIcon(document: BusinessDocument) {
  if (document.contentType === 'application/pdf') return <FilePdfOutlined aria-hidden />;
  if (document.contentType.startsWith('image/')) return <FileImageOutlined aria-hidden />;
  return <FileOutlined aria-hidden />;
}

function DocumentLink({ document, onError }: { document: BusinessDocument; onError: (message: string) => void }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchBusinessDocument(document.url), document.filename);
    } catch (err) {
      onError(err instanceof Error ? err.message : String(err));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      type="link"
      size="small"
      icon={documentIcon(document)}
      loading={downloading}
      onClick={() => void download()}
      className="business-document"
    >
      {/* The action is said, not shown: the button's name is what it shows, after it. */}
      <span className="visually-hidden">Descargar </span>
      <span className="business-document-name">{document.filename}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatFileSize(document.size)}
      </Typography.Text>
    </Button>
  );
}

interface BusinessCardProps {
  business: Business;
  canEdit: boolean;
  canSuspend: boolean;
  onEdit: () => void;
  onError: (message: string) => void;
}

function BusinessCard({ business, canEdit, canSuspend, onEdit, onError }: BusinessCardProps) {
  const { message } = App.useApp();
  const setStatus = useSetBusinessStatus();
  const suspended = business.status === 'suspended';
  const tag = statusTag(business.status);

  const toggle = () => {
    const status = suspended ? 'active' : 'suspended';
    setStatus.mutate(
      { id: business.id, status },
      {
        onSuccess: () => void message.success(status === 'active' ? BUSINESS_REACTIVATED : BUSINESS_SUSPENDED),
        onError: (err) => onError(err.message),
      },
    );
  };

  // Editing is the matrix's Modificación on the SAT panel, suspending its Gestión.
  const actions = [];
  if (canEdit) {
    actions.push(
      <Button key="edit" type="text" icon={<EditOutlined />} onClick={onEdit} aria-label={`Editar ${business.name}`}>
        Editar
      </Button>,
    );
  }
  if (canSuspend) {
    actions.push(
      suspended ? (
        <Button key="status" type="text" icon={<CheckCircleOutlined />} loading={setStatus.isPending} onClick={toggle} aria-label={`Reactivar ${business.name}`}>
          Reactivar
        </Button>
      ) : (
        <Popconfirm
          key="status"
          title="¿Suspender este negocio?"
          description="Podrás reactivarlo más adelante."
          okText="Suspender"
          okButtonProps={{ danger: true }}
          cancelText="Cancelar"
          onConfirm={toggle}
        >
          <Button type="text" danger icon={<PauseCircleOutlined />} loading={setStatus.isPending} aria-label={`Suspender ${business.name}`}>
            Suspender
          </Button>
        </Popconfirm>
      ),
    );
  }

  return (
    <Card
      className={suspended ? 'business-card business-card-suspended' : 'business-card'}
      role="article"
      aria-label={business.name}
      cover={<BusinessLogo business={business} />}
      actions={actions.length > 0 ? actions : undefined}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', gap: 10 } }}
    >
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Typography.Title level={2} className="title-size-5" style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
          {business.name}
        </Typography.Title>
        <Tag color={tag.color} style={{ marginInlineEnd: 0, flexShrink: 0 }}>
          {tag.label}
        </Tag>
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">
          <EnvironmentOutlined /> {business.location}
        </Typography.Text>
        <Typography.Text type="secondary">
          <CloudServerOutlined /> Servidor {business.server}
        </Typography.Text>
        {business.rfc ? (
          <Typography.Text>
            <IdcardOutlined /> RFC: <Typography.Text code copyable={{ text: business.rfc, tooltips: ['Copiar RFC', 'Copiado'] }}>{business.rfc}</Typography.Text>
          </Typography.Text>
        ) : null}
      </Flex>
      {business.owner ? (
        <Flex gap={10} align="center" className="business-owner" role="group" aria-label="Dueño">
          <Avatar src={avatarUrl({ discordId: business.owner.discordId, avatar: business.owner.avatar })} alt={business.owner.name}>
            {initial(business.owner.name)}
          </Avatar>
          <Flex vertical style={{ minWidth: 0 }}>
            <OneLineText strong text={business.owner.name} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Dueño · {business.owner.discordId}
            </Typography.Text>
          </Flex>
        </Flex>
      ) : null}
      <div>
        <Typography.Text strong style={{ fontSize: 13 }}>
          Documentos
        </Typography.Text>
        {business.documents.length > 0 ? (
          <Flex vertical align="flex-start" className="business-documents">
            {business.documents.map((document) => (
              <DocumentLink key={document.id} document={document} onError={onError} />
            ))}
          </Flex>
        ) : (
          <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
            Sin documentos
          </Typography.Paragraph>
        )}
      </div>
    </Card>
  );
}

interface EditorState {
  open: boolean;
  business: Business | null;
}

export function SatPage() {
  const { can } = useAuth();
  const canRegister = can('SAT', 'modify');
  const canSuspend = can('SAT', 'manage');
  const businesses = useBusinesses();
  const [editor, setEditor] = useState<EditorState>({ open: false, business: null });
  const [actionError, setActionError] = useState<string | null>(null);
  const list = businesses.data ?? [];
  const active = list.filter((business) => business.status === 'active').length;

  return (
    <Page title={PAGE_TITLES['/sat/business']} subtitle={PAGE_SUBTITLES['/sat/business']}>
      <Flex gap={12} wrap justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <BackToDashboard />
        {canRegister ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true, business: null })}>
            Registrar Nuevo Negocio
          </Button>
        ) : null}
      </Flex>
      <QueryErrorAlert queries={businesses} />
      <ErrorBanner message={actionError} onClose={() => setActionError(null)} />
      {businesses.isPending ? (
        <Row gutter={[16, 16]}>
          {[0, 1, 2].map((n) => (
            <Col key={n} xs={24} sm={12} lg={8}>
              <Card>
                <Skeleton active />
              </Card>
            </Col>
          ))}
        </Row>
      ) : list.length > 0 ? (
        <>
          <Typography.Paragraph type="secondary">
            {list.length === 1 ? '1 negocio' : `${list.length} negocios`} · {active === 1 ? '1 activo' : `${active} activos`}
          </Typography.Paragraph>
          <Row gutter={[16, 16]}>
            {list.map((business) => (
              <Col key={business.id} xs={24} sm={12} lg={8}>
                <BusinessCard
                  business={business}
                  canEdit={canRegister}
                  canSuspend={canSuspend}
                  onEdit={() => setEditor({ open: true, business })}
                  onError={setActionError}
                />
              </Col>
            ))}
          </Row>
        </>
      ) : !businesses.isSuccess ? null : (
        <Card>
          <Empty description={NO_BUSINESSES_TEXT} />
        </Card>
      )}
      <BusinessFormDialog open={editor.open} business={editor.business} onClose={() => setEditor((current) => ({ ...current, open: false }))} />
    </Page>
  );
}
