import { useEffect } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSaveNews } from '../../api/newsEditing';
import type { NewsCard, NewsInput, NewsType } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { todayDay } from '../../components/dates';
import { NEWS_TYPES, newsTypeLabel } from '../../components/news/newsFormat';
import { useCloseAfterSuccess } from '../../components/useCloseAfterSuccess';
import '../../components/dayjsLocale';

export const NEWS_CREATED = 'Noticia creada exitosamente';
export const NEWS_UPDATED = 'Noticia actualizada exitosamente';
export const IMAGE_URL_MESSAGE = 'La URL de la imagen debe empezar con http:// o https://';

interface NewsFormValues {
  title: string;
  content: string;
  type: NewsType;
  date: Dayjs | null;
  imageUrl?: string;
  active: boolean;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}

/**
 * The date to send: the day picked, which the server reads in the community's zone; the item's
 * own moment when its day is kept, and none (now) for a new item dated today.
 */
function newsDate(picked: Dayjs | null, item: NewsCard | null): string | null {
  if (!picked) return null;
  const day = picked.format('YYYY-MM-DD');
  if (item) return todayDay(new Date(item.date)) === day ? item.date : day;
  return day === todayDay() ? null : day;
}

function initialValues(item: NewsCard | null): NewsFormValues {
  // The picker shows the community's day (a day, not a moment in the browser's zone).
  if (!item) return { title: '', content: '', type: 'update', date: dayjs(todayDay()), imageUrl: '', active: true };
  const type = (NEWS_TYPES as readonly string[]).includes(item.type) ? (item.type as NewsType) : 'update';
  return { title: item.title, content: item.content, type, date: dayjs(todayDay(new Date(item.date))), imageUrl: item.imageUrl, active: item.active };
}

interface NewsEditorDialogProps {
  open: boolean;
  /** The item being edited, or null to create one. */
  item: NewsCard | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function NewsEditorDialog({ open, item, onClose, onSaved }: NewsEditorDialogProps) {
  const [form] = Form.useForm<NewsFormValues>();
  const save = useSaveNews();
  const editing = item !== null;
  const { reset } = save;
  const done = save.isSuccess;
  const { closeSoon, closeNow } = useCloseAfterSuccess(onClose);

  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const submit = (values: NewsFormValues) => {
    const input: NewsInput = {
      title: values.title.trim(),
      content: values.content.trim(),
      type: values.type,
      date: newsDate(values.date, item),
      imageUrl: values.imageUrl?.trim() ?? '',
      active: values.active,
    };
    save.mutate(
      { id: item?._id, input },
      {
        onSuccess: () => {
          onSaved(editing ? NEWS_UPDATED : NEWS_CREATED);
          closeSoon();
        },
      },
    );
  };

  return (
    <Modal
      title={editing ? 'Editar Noticia' : 'Nueva Noticia'}
      open={open}
      onCancel={closeNow}
      onOk={() => form.submit()}
      okText={editing ? 'Guardar Cambios' : 'Crear Noticia'}
      okButtonProps={{ disabled: done }}
      cancelText={done ? 'Cerrar' : 'Cancelar'}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(item)}
        onFinish={submit}
        clearOnDestroy
        disabled={save.isPending || done}
        requiredMark="optional"
      >
        <Form.Item label="Título" name="title" rules={[{ required: true, whitespace: true, message: 'El título es obligatorio' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Contenido" name="content" rules={[{ required: true, whitespace: true, message: 'El contenido es obligatorio' }]}>
          <Input.TextArea rows={6} maxLength={20000} />
        </Form.Item>
        <Form.Item label="Tipo" name="type" rules={[{ required: true, message: 'Elige el tipo de noticia' }]}>
          <Select options={NEWS_TYPES.map((type) => ({ value: type, label: newsTypeLabel(type) }))} />
        </Form.Item>
        <Form.Item label="Fecha" name="date">
          <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="URL de la imagen"
          name="imageUrl"
          extra="Déjala vacía para usar la imagen predeterminada."
          rules={[
            {
              validator: (_rule, value: unknown) =>
                typeof value !== 'string' || value.trim() === '' || isHttpUrl(value) ? Promise.resolve() : Promise.reject(new Error(IMAGE_URL_MESSAGE)),
            },
          ]}
        >
          <Input type="url" placeholder="https://..." maxLength={2000} />
        </Form.Item>
        <Form.Item label="Activa" name="active" valuePropName="checked" extra="Las noticias inactivas solo se ven en esta página.">
          <Switch />
        </Form.Item>
      </Form>
      {done ? <Alert type="success" showIcon title={editing ? NEWS_UPDATED : NEWS_CREATED} style={{ marginBottom: 0 }} /> : null}
      <ErrorBanner message={save.error?.message ?? null} onClose={reset} style={{ marginBottom: 0 }} />
    </Modal>
  );
}
