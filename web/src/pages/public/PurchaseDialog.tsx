import { Suspense, lazy } from 'react';
import { Modal } from 'antd';
import type { ShopItem } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { LoginPrompt } from '../../components/LoginPrompt';
import type { TicketDraft } from '../../components/tickets/NewTicketForm';
import { formatRobux, moneyPrices } from './shopPrices';

// A member buys through a support ticket, whose dialog comes with the signed-in pages: a
// visitor's shop does not download it.
const TicketDialog = lazy(async () => ({ default: (await import('../../layout/ticketDialog')).TicketDialog }));

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
  if (user) {
    return (
      <Suspense fallback={null}>
        <TicketDialog open={item !== null} onClose={onClose} draft={item ? purchaseDraft(item) : undefined} />
      </Suspense>
    );
  }
  return (
    <Modal title={item ? `Comprar ${item.title}` : 'Comprar'} open={item !== null} onCancel={onClose} footer={null} destroyOnHidden>
      <LoginPrompt />
    </Modal>
  );
}
