import { Modal, Typography } from 'antd';
import { ArtistApplicationForm } from '../components/forms/ArtistApplicationForm';
import { ContactForm } from '../components/forms/ContactForm';
import { useCloseAfterSuccess } from '../components/useCloseAfterSuccess';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  communityName: string;
}

/** Closes at once on the user's request, or shortly after a successful submit. */
function useFormDialogClose(onClose: () => void) {
  const { closeSoon, cancel } = useCloseAfterSuccess(onClose);
  const closeNow = () => {
    cancel();
    onClose();
  };
  return { closeSoon, closeNow };
}

export function ContactDialog({ open, onClose, communityName }: DialogProps) {
  const { closeSoon, closeNow } = useFormDialogClose(onClose);
  return (
    <Modal title="Contacto" open={open} onCancel={closeNow} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">Envía tus dudas o comentarios al equipo de {communityName}.</Typography.Paragraph>
      <ContactForm subjectRequired onSent={closeSoon} />
    </Modal>
  );
}

export function ArtistDialog({ open, onClose, communityName }: DialogProps) {
  const { closeSoon, closeNow } = useFormDialogClose(onClose);
  return (
    <Modal title="Convocatoria de Dibujantes" open={open} onCancel={closeNow} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        ¿Te gusta dibujar? Únete al equipo de dibujantes de {communityName}. Déjanos tu Gmail y tu teléfono y te contactaremos.
      </Typography.Paragraph>
      <ArtistApplicationForm onSent={closeSoon} />
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
