import { Suspense, lazy } from 'react';
import type { TicketDialogProps } from '../components/tickets/TicketDialog';
import { useHasOpened } from '../components/useHasOpened';

const TicketDialogView = lazy(async () => ({ default: (await import('../components/tickets/TicketDialog')).TicketDialog }));

/** The ticket dialog; its code downloads the first time it opens. */
export function TicketDialog(props: TicketDialogProps) {
  const used = useHasOpened(props.open);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <TicketDialogView {...props} />
    </Suspense>
  );
}
