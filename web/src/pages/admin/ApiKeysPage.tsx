import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, Tag, Typography, type TableColumnsType } from 'antd';
import { useScreens } from '../../components/useScreens';
import { KeyOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/apiKeys';
import type { ApiKey, ApiKeyCreated } from '../../api/types';
import { BackToDashboard } from '../../components/BackToDashboard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { formatDateTime } from '../../components/dates';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const KEY_SHOWN_ONCE = 'Copia esta clave ahora: no se volverá a mostrar.';
export const NO_KEYS_TEXT = 'No hay claves de API';
export const REVOKE_QUESTION = '¿Revocar esta clave de API?';

function StateTag({ revokedAt }: { revokedAt: string | null }) {
  return revokedAt ? (
    <Tag color="default" title={`Revocada el ${formatDateTime(revokedAt)}`}>
      Revocada
    </Tag>
  ) : (
    <Tag color="success">Activa</Tag>
  );
}

/** The key just issued, shown this once with a copy button. */
function NewKeyAlert({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      icon={<KeyOutlined />}
      closable={{ onClose, 'aria-label': 'Cerrar' }}
      style={{ marginBottom: 16 }}
      title={`Clave creada: ${created.name}`}
      description={
        <Flex vertical gap={8}>
          <span>{KEY_SHOWN_ONCE}</span>
          <Typography.Text code copyable={{ tooltips: ['Copiar clave', 'Copiada'] }} className="api-key-secret" aria-label="Clave de API">
            {created.key}
          </Typography.Text>
        </Flex>
      }
    />
  );
}

export function ApiKeysPage() {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  // Below the sm breakpoint the state moves under the name, so that the name keeps its room.
  const narrow = useScreens().sm !== true;

  const submit = ({ name }: { name: string }) => {
    setCreated(null);
    create.mutate(name, {
      onSuccess: (key) => {
        setCreated(key);
        form.resetFields();
      },
    });
  };

  const confirmRevoke = (key: ApiKey) => {
    void modal.confirm({
      title: REVOKE_QUESTION,
      content: `Los servidores del juego que usan «${key.name}» (${key.prefix}…) dejarán de tener acceso al instante.`,
      okText: 'Revocar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: () => {
        setRevokeError(null);
        revoke.mutate(key.id, {
          onSuccess: (answer) => void message.success(answer.message),
          onError: (err) => setRevokeError(err.message),
        });
      },
    });
  };

  const columns: TableColumnsType<ApiKey> = [
    {
      key: 'name',
      title: 'Clave',
      dataIndex: 'name',
      render: (name: string, key) => (
        <>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography.Text>
          <div>
            <Typography.Text code>{key.prefix}…</Typography.Text>
          </div>
          {narrow ? <StateTag revokedAt={key.revokedAt} /> : null}
        </>
      ),
    },
    {
      key: 'created',
      title: 'Creada',
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: (createdAt: string, key) => (
        <>
          <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
          <div>
            <Typography.Text type="secondary">por {key.createdBy}</Typography.Text>
          </div>
        </>
      ),
    },
    {
      key: 'lastUsed',
      title: 'Último uso',
      dataIndex: 'lastUsedAt',
      responsive: ['md'],
      render: (lastUsedAt: string | null) => (lastUsedAt ? <time dateTime={lastUsedAt}>{formatDateTime(lastUsedAt)}</time> : 'Nunca'),
    },
    {
      key: 'state',
      title: 'Estado',
      dataIndex: 'revokedAt',
      responsive: ['sm'],
      render: (revokedAt: string | null) => <StateTag revokedAt={revokedAt} />,
    },
    {
      key: 'actions',
      title: 'Acciones',
      align: 'end',
      render: (_value, key) =>
        key.revokedAt ? null : (
          <Button
            danger
            size="small"
            icon={<StopOutlined />}
            loading={revoke.isPending && revoke.variables === key.id}
            onClick={() => confirmRevoke(key)}
            aria-label={`Revocar ${key.name}`}
          >
            Revocar
          </Button>
        ),
    },
  ];

  return (
    <Page title={PAGE_TITLES['/admin/api-keys']} subtitle={PAGE_SUBTITLES['/admin/api-keys']}>
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      <Card title="Nueva clave" style={{ marginBottom: 16 }}>
        <Form form={form} name="nueva-clave" layout="vertical" onFinish={submit} disabled={create.isPending} requiredMark={false}>
          <Flex gap={12} wrap align="flex-end">
            <Form.Item
              name="name"
              label="Nombre"
              rules={[{ required: true, whitespace: true, message: 'Ponle un nombre a la clave' }]}
              style={{ flex: '1 1 240px', marginBottom: 0 }}
            >
              <Input maxLength={80} placeholder="Servidor Principal" autoComplete="off" />
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={create.isPending}>
                Crear clave
              </Button>
            </Form.Item>
          </Flex>
        </Form>
        <ErrorBanner message={create.error?.message} onClose={create.reset} style={{ marginTop: 16, marginBottom: 0 }} />
      </Card>
      {created ? <NewKeyAlert created={created} onClose={() => setCreated(null)} /> : null}
      <QueryErrorAlert queries={keys} />
      <ErrorBanner message={revokeError} onClose={() => setRevokeError(null)} />
      <ResponsiveTable<ApiKey>
        rowKey="id"
        columns={columns}
        dataSource={keys.data ?? []}
        loading={keys.isPending}
        locale={{ emptyText: tableEmptyText(keys, NO_KEYS_TEXT) }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
    </Page>
  );
}
