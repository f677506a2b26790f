import { Suspense, lazy, useState } from 'react';
import { Modal, Typography } from 'antd';
import { ArtistApplicationForm } from '../components/forms/ArtistApplicationForm';
import { ContactForm } from '../components/forms/ContactForm';
import type { TicketDialogProps } from '../components/tickets/TicketDialog';
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

const TicketDialogView = lazy(async () => ({ default: (await import('../components/tickets/TicketDialog')).TicketDialog }));

/** The ticket dialog; its code downloads the first time it opens. */
export function TicketDialog(props: TicketDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <TicketDialogView {...props} />
    </Suspense>
  );
}
