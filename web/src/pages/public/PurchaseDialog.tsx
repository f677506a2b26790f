import { Modal } from 'antd';
import type { ShopItem } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { LoginPrompt } from '../../components/LoginPrompt';
import { TicketDialog } from '../../layout/dialogs';

interface PurchaseDialogProps {
  /** The item being bought; null when the dialog is closed. */
  item: ShopItem | null;
  onClose: () => void;
}

/** 'Comprar Ahora': a visitor is asked to sign in; a member opens a support ticket for the purchase. */
export function PurchaseDialog({ item, onClose }: PurchaseDialogProps) {
  const { user } = useAuth();
  if (user) return <TicketDialog open={item !== null} onClose={onClose} />;
  return (
    <Modal title={item ? `Comprar ${item.title}` : 'Comprar'} open={item !== null} onCancel={onClose} footer={null} destroyOnHidden>
      <LoginPrompt />
    </Modal>
  );
}
