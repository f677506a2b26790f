import { Modal } from 'antd';
import type { ShopItem } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { LoginPrompt } from '../../components/LoginPrompt';
import type { TicketDraft } from '../../components/tickets/NewTicketForm';
import { TicketDialog } from '../../layout/dialogs';
import { formatRobux, moneyPrices } from './shopPrices';

interface PurchaseDialogProps {
  /** The item being bought; null when the dialog is closed. */
  item: ShopItem | null;
  onClose: () => void;
}

/** The support ticket a member opens to buy an item: the item and its prices are written in for them. */
export function purchaseDraft(item: ShopItem): TicketDraft {
  const prices = [formatRobux(item.robux), ...moneyPrices(item)].join(' · ');
  return {
    title: `Compra: ${item.title}`,
    category: 'Otros',
    message: `Hola, quiero comprar "${item.title}" (${prices}). ¿Cómo puedo completar el pago?`,
  };
}

/** 'Comprar Ahora': a visitor is asked to sign in; a member opens a support ticket for the purchase. */
export function PurchaseDialog({ item, onClose }: PurchaseDialogProps) {
  const { user } = useAuth();
  if (user) return <TicketDialog open={item !== null} onClose={onClose} draft={item ? purchaseDraft(item) : undefined} />;
  return (
    <Modal title={item ? `Comprar ${item.title}` : 'Comprar'} open={item !== null} onCancel={onClose} footer={null} destroyOnHidden>
      <LoginPrompt />
    </Modal>
  );
}
