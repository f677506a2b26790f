import { useState } from 'react';
import { useCloseAfterSuccess } from './useCloseAfterSuccess';
import { useOpenCount } from './useOpenCount';

/**
 * A dialog around a form: each opening gets a fresh form (`formKey`), a successful save locks
 * the form and closes the dialog 2 seconds later, and the user may close it at once.
 */
export function useFormDialog(open: boolean, onClose: () => void) {
  const [closing, setClosing] = useState(false);
  const formKey = useOpenCount(open);
  const finish = () => {
    setClosing(false);
    onClose();
  };
  const { closeSoon, cancel } = useCloseAfterSuccess(finish);
  return {
    formKey,
    closing,
    dismiss: () => {
      cancel();
      finish();
    },
    saved: () => {
      setClosing(true);
      closeSoon();
    },
  };
}
