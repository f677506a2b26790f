import { useState } from 'react';
import { Alert, Card, Empty, Flex, Input, Typography, type TableColumnsType } from 'antd';
import { useScreens } from '../../components/useScreens';
import { ApiError } from '../../api/client';
import { useContactMessages, type ContactMessage } from '../../api/contactMessages';
import { BackToDashboard } from '../../components/BackToDashboard';
import { formatDateTime } from '../../components/dates';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import { useServerPagination } from '../../components/useServerPagination';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const CONTACT_MESSAGES_TITLE = PAGE_TITLES['/admin/contact-messages'];
export const NO_MESSAGES_TEXT = 'Aún no llegan mensajes de contacto';
export const NO_MATCHES_TEXT = 'Ningún mensaje coincide con la búsqueda';
export const NO_SUBJECT = 'Sin asunto';
export const CONTACT_FORBIDDEN_TITLE = 'Acceso restringido';
export const DEFAULT_PAGE_SIZE = 25;

/** The whole message and how to answer it. */
function MessageDetail({ message }: { message: ContactMessage }) {
  return (
    <Flex vertical gap={8}>
      <Flex gap={16} wrap>
        <Typography.Text>
          <Typography.Text type="secondary">Correo: </Typography.Text>
          <a href={`mailto:${message.email}`}>{message.email}</a>
        </Typography.Text>
        {message.phone ? (
          <Typography.Text>
            <Typography.Text type="secondary">Teléfono: </Typography.Text>
            {message.phone}
          </Typography.Text>
        ) : null}
      </Flex>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }} aria-label={`Mensaje de ${message.name}`}>
        {message.message}
      </Typography.Paragraph>
    </Flex>
  );
}

function ContactMessages() {
  const [search, setSearch] = useState('');
  const { page, pageSize, setPage, pagination } = useServerPagination(DEFAULT_PAGE_SIZE, (total) =>
    (total === 1 ? '1 mensaje' : `${total} mensajes`),
  );
  const list = useContactMessages({ q: search, page, limit: pageSize });
  // Below the medium breakpoint the email and phone live in the expanded message only.
  const wide = useScreens().md ?? false;

  if (list.error instanceof ApiError && list.error.status === 403) {
    return <Alert type="warning" showIcon title={CONTACT_FORBIDDEN_TITLE} description={list.error.message} />;
  }

  const columns: TableColumnsType<ContactMessage> = [
    {
      key: 'date',
      title: 'Fecha',
      render: (_: unknown, message: ContactMessage) => (
        <time dateTime={message.createdAt} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(message.createdAt)}
        </time>
      ),
    },
    {
      key: 'name',
      title: 'Nombre',
      render: (_: unknown, message: ContactMessage) => (
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
          {message.name}
        </Typography.Text>
      ),
    },
    ...(wide
      ? [
          {
            key: 'email',
            title: 'Correo',
            render: (_: unknown, message: ContactMessage) => <span style={{ overflowWrap: 'anywhere' }}>{message.email}</span>,
          },
          {
            key: 'phone',
            title: 'Teléfono',
            render: (_: unknown, message: ContactMessage) => message.phone || <Typography.Text type="secondary">—</Typography.Text>,
          },
        ]
      : []),
    {
      key: 'subject',
      title: 'Asunto',
      render: (_: unknown, message: ContactMessage) =>
        message.subject ? (
          <span style={{ overflowWrap: 'anywhere' }}>{message.subject}</span>
        ) : (
          <Typography.Text type="secondary">{NO_SUBJECT}</Typography.Text>
        ),
    },
  ];

  return (
    <Card>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="Buscar mensajes"
          placeholder="Buscar por nombre, correo, asunto o texto"
          allowClear
          maxLength={100}
          onSearch={(text) => {
            setSearch(text.trim());
            setPage(1);
          }}
          style={{ width: 360, maxWidth: '100%' }}
        />
      </Flex>
      <QueryErrorAlert queries={list} />
      <ResponsiveTable<ContactMessage>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.messages ?? []}
        loading={list.isFetching && !list.isError}
        scroll={wide ? { x: 'max-content' } : undefined}
        expandable={{
          expandedRowRender: (message) => <MessageDetail message={message} />,
          expandRowByClick: true,
        }}
        locale={{
          emptyText: tableEmptyText(list, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search ? NO_MATCHES_TEXT : NO_MESSAGES_TEXT} />),
          expand: 'Ver mensaje',
          collapse: 'Ocultar mensaje',
        }}
        pagination={pagination(list.data?.total ?? 0)}
      />
    </Card>
  );
}

export function ContactMessagesPage() {
  return (
    <Page title={CONTACT_MESSAGES_TITLE} subtitle={PAGE_SUBTITLES['/admin/contact-messages']}>
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      <ContactMessages />
    </Page>
  );
}
