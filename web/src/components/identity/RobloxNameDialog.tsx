import { useEffect } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useCorrectRobloxName } from '../../api/documents';
import { ErrorBanner } from '../ErrorBanner';

export const ROBLOX_NAME_PATTERN_MESSAGE = 'El nombre de Roblox debe tener de 3 a 20 letras, números o guion bajo.';
export const CORRECT_NAME_TITLE = 'Corregir el nombre de Roblox';

interface RobloxNameDialogProps {
  open: boolean;
  /** The name the document has now. */
  current: string;
  /** The holder's verified Roblox account, offered as the name to write. */
  verifiedName?: string;
  onClose: () => void;
  /** Called with the server's message once the name is corrected. */
  onCorrected: (message: string) => void;
}

/** Changes the Roblox name on the signed-in player's document; a name someone else verified is refused by the server. */
export function RobloxNameDialog({ open, current, verifiedName, onClose, onCorrected }: RobloxNameDialogProps) {
  const [form] = Form.useForm<{ RobloxName: string }>();
  const correct = useCorrectRobloxName();
  const { reset } = correct;

  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const submit = ({ RobloxName }: { RobloxName: string }) => {
    correct.mutate(RobloxName, {
      onSuccess: (done) => {
        onCorrected(done.message);
        onClose();
      },
    });
  };

  return (
    <Modal
      title={CORRECT_NAME_TITLE}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={correct.isPending}
      destroyOnHidden
    >
      <ErrorBanner message={correct.error?.message} />
      <Typography.Paragraph type="secondary">
        Escribe el usuario de Roblox de tu personaje. Solo se muestra como verificado si es la cuenta que vinculaste en la verificación.
      </Typography.Paragraph>
      <Form
        form={form}
        name="corregir-nombre-roblox"
        layout="vertical"
        onFinish={submit}
        clearOnDestroy
        disabled={correct.isPending}
        initialValues={{ RobloxName: verifiedName ?? current }}
      >
        <Form.Item
          label="Nombre de Roblox"
          name="RobloxName"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: 'El nombre de Roblox es obligatorio' },
            { pattern: /^\s*[A-Za-z0-9_]{3,20}\s*$/, message: ROBLOX_NAME_PATTERN_MESSAGE },
          ]}
        >
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
