import { Modal, Typography } from 'antd';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  communityName: string;
}

export function ContactDialog({ open, onClose, communityName }: DialogProps) {
  return (
    <Modal title="Contacto" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph>Envía tus dudas o comentarios al equipo de {communityName}.</Typography.Paragraph>
    </Modal>
  );
}

export function ArtistDialog({ open, onClose, communityName }: DialogProps) {
  return (
    <Modal title="Convocatoria de Dibujantes" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph>Únete al equipo de dibujantes de {communityName}.</Typography.Paragraph>
    </Modal>
  );
}

export function TicketDialog({ open, onClose }: Omit<DialogProps, 'communityName'>) {
  return (
    <Modal title="Nuevo Ticket de Soporte" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph>Cuéntanos en qué podemos ayudarte.</Typography.Paragraph>
    </Modal>
  );
}
