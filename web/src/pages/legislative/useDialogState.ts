import { useState } from 'react';

/** A dialog's state: a new `seq` on every opening, used as the dialog's key, gives it fresh fields. */
export interface DialogState<T> {
  open: boolean;
  seq: number;
  item: T;
}

/** Opens a dialog about an item and closes it, keeping the item while the dialog fades out. */
export function useDialogState<T>(empty: T) {
  const [state, setState] = useState<DialogState<T>>({ open: false, seq: 0, item: empty });
  const show = (item: T) => setState((current) => ({ open: true, seq: current.seq + 1, item }));
  const hide = () => setState((current) => ({ ...current, open: false }));
  return { ...state, show, hide };
}
