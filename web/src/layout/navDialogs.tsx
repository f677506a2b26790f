// The bar's contact and artist dialogs: the bar imports them on the first click, a chunk of
// their own, so that a visitor downloads them without the signed-in wrapper.
import { Suspense, lazy } from 'react';
import { Modal, Skeleton, Typography } from 'antd';
import { useCloseAfterSuccess } from '../components/useCloseAfterSuccess';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  communityName: string;
}

// The forms (and antd's form components) download the first time a dialog opens, not with
// every page of the portal.
const ContactForm = lazy(async () => ({ default: (await import('../components/forms/ContactForm')).ContactForm }));
const ArtistApplicationForm = lazy(async () => ({
  default: (await import('../components/forms/ArtistApplicationForm')).ArtistApplicationForm,
}));

export function ContactDialog({ open, onClose, communityName }: DialogProps) {
  const { closeSoon, closeNow } = useCloseAfterSuccess(onClose);
  return (
    <Modal title="Contacto" open={open} onCancel={closeNow} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">Envía tus dudas o comentarios al equipo de {communityName}.</Typography.Paragraph>
      <Suspense fallback={<Skeleton active />}>
        <ContactForm subjectRequired onSent={closeSoon} />
      </Suspense>
    </Modal>
  );
}

export function ArtistDialog({ open, onClose, communityName }: DialogProps) {
  const { closeSoon, closeNow } = useCloseAfterSuccess(onClose);
  return (
    <Modal title="Convocatoria de Dibujantes" open={open} onCancel={closeNow} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        ¿Te gusta dibujar? Únete al equipo de dibujantes de {communityName}. Déjanos tu Gmail y tu teléfono y te contactaremos.
      </Typography.Paragraph>
      <Suspense fallback={<Skeleton active />}>
        <ArtistApplicationForm onSent={closeSoon} />
      </Suspense>
    </Modal>
  );
}
