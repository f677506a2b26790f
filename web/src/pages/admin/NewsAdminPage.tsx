import { useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, Flex, Modal, Result, Row, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { newsOf, useCanManageNews, useManagedNews } from '../../api/news';
import { useDeleteNews } from '../../api/newsEditing';
import type { NewsCard } from '../../api/types';
import { BackToDashboard } from '../../components/BackToDashboard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { LoadMore, shownPages } from '../../components/LoadMore';
import { Loading } from '../../components/Loading';
import { NewsImage } from '../../components/news/NewsImage';
import { NO_NEWS_TEXT } from '../../components/news/NewsGrid';
import { NewsTypeTag } from '../../components/news/NewsTypeTag';
import { formatDate } from '../../components/dates';
import { MANAGEMENT_PREVIEW_LENGTH, truncate } from '../../components/news/newsFormat';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryState } from '../../components/QueryState';
import { NewsEditorDialog } from './NewsEditorDialog';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const NEWS_NO_PERMISSION = 'No tienes permiso para acceder a esta sección';
export const NEWS_DELETED = 'Noticia eliminada exitosamente';
export const DELETE_NEWS_QUESTION = '¿Estás seguro de que deseas eliminar esta noticia?';

function NewsPreviewDialog({ open, item, onClose }: { open: boolean; item: NewsCard | null; onClose: () => void }) {
  return (
    <Modal title="Vista Previa" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      {item ? (
        <Flex vertical gap={12}>
          <NewsImage item={item} style={{ height: 200, borderRadius: 8 }} />
          <Flex gap={8} align="center" wrap>
            <NewsTypeTag type={item.type} />
            {item.active ? null : <Tag>Inactiva</Tag>}
            <Typography.Text type="secondary">{formatDate(item.date)}</Typography.Text>
          </Flex>
          <Typography.Title level={2} className="title-size-4" style={{ margin: 0 }}>
            {item.title}
          </Typography.Title>
          <Typography.Paragraph className="news-text" style={{ margin: 0 }}>
            {truncate(item.content, MANAGEMENT_PREVIEW_LENGTH)}
          </Typography.Paragraph>
        </Flex>
      ) : null}
    </Modal>
  );
}

interface ManagedNewsCardProps {
  item: NewsCard;
  deleting: boolean;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function ManagedNewsCard({ item, deleting, onPreview, onEdit, onDelete }: ManagedNewsCardProps) {
  return (
    <Card
      className={item.active ? 'managed-news' : 'managed-news managed-news-inactive'}
      cover={<NewsImage item={item} style={{ height: 140 }} />}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', gap: 8 } }}
      actions={[
        <Button key="preview" type="text" icon={<EyeOutlined />} onClick={onPreview} aria-label={`Vista previa: ${item.title}`}>
          Vista previa
        </Button>,
        <Button key="edit" type="text" icon={<EditOutlined />} onClick={onEdit} aria-label={`Editar: ${item.title}`}>
          Editar
        </Button>,
        <Button key="delete" type="text" danger icon={<DeleteOutlined />} loading={deleting} onClick={onDelete} aria-label={`Eliminar: ${item.title}`}>
          Eliminar
        </Button>,
      ]}
    >
      <Flex gap={8} align="center" wrap>
        <NewsTypeTag type={item.type} />
        {item.active ? <Tag color="success">Activa</Tag> : <Tag>Inactiva</Tag>}
        <Typography.Text type="secondary">{formatDate(item.date)}</Typography.Text>
      </Flex>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {item.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
        {item.content}
      </Typography.Paragraph>
    </Card>
  );
}

interface DialogState {
  open: boolean;
  item: NewsCard | null;
}

const CLOSED: DialogState = { open: false, item: null };

const closed = (state: DialogState): DialogState => ({ ...state, open: false });

function NewsManager() {
  const { modal } = App.useApp();
  // Every item, a page at a time: 'Cargar más' reads the older ones.
  const news = useManagedNews();
  const items = newsOf(news.data);
  const remove = useDeleteNews();
  const [editor, setEditor] = useState<DialogState>(CLOSED);
  const [preview, setPreview] = useState<DialogState>(CLOSED);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirmDelete = (item: NewsCard) => {
    void modal.confirm({
      title: DELETE_NEWS_QUESTION,
      content: item.title,
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: () => {
        setSuccess(null);
        setError(null);
        remove.mutate(item._id, {
          onSuccess: () => setSuccess(NEWS_DELETED),
          onError: (err) => setError(err.message),
        });
      },
    });
  };

  const onSaved = (message: string) => {
    setError(null);
    setSuccess(message);
  };

  const grid = (
    <QueryState queries={shownPages(news)} loading={<Loading />} isEmpty={items?.length === 0} empty={<Empty description={NO_NEWS_TEXT} />}>
      <Row gutter={[20, 20]}>
        {items?.map((item) => (
          <Col key={item._id} xs={24} sm={12} lg={8}>
            <ManagedNewsCard
              item={item}
              deleting={remove.isPending && remove.variables === item._id}
              onPreview={() => setPreview({ open: true, item })}
              onEdit={() => setEditor({ open: true, item })}
              onDelete={() => confirmDelete(item)}
            />
          </Col>
        ))}
      </Row>
      <LoadMore query={news} />
    </QueryState>
  );

  return (
    <>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <BackToDashboard />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true, item: null })}>
          Nueva Noticia
        </Button>
      </Flex>
      {success ? (
        <Alert key={success} type="success" showIcon title={success} closable={{ onClose: () => setSuccess(null), 'aria-label': 'Cerrar' }} style={{ marginBottom: 16 }} />
      ) : null}
      <ErrorBanner message={error} onClose={() => setError(null)} />
      {grid}
      <NewsEditorDialog open={editor.open} item={editor.item} onClose={() => setEditor(closed)} onSaved={onSaved} />
      <NewsPreviewDialog open={preview.open} item={preview.item} onClose={() => setPreview(closed)} />
    </>
  );
}

export function NewsAdminPage() {
  const canManage = useCanManageNews();
  return (
    <Page title={PAGE_TITLES['/admin/news']} subtitle={PAGE_SUBTITLES['/admin/news']}>
      {canManage ? (
        <NewsManager />
      ) : (
        <>
          <BackToDashboard />
          <Result status="403" title={NEWS_NO_PERMISSION} />
        </>
      )}
    </Page>
  );
}
