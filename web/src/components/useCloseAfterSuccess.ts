import { useCallback, useEffect, useRef } from 'react';

export const DIALOG_CLOSE_DELAY_MS = 2000;

/**
 * For dialogs that close a moment after a successful submit: `closeSoon()`
 * calls onClose after the delay; `cancel()` stops a pending close; `closeNow()`
 * (the user's own close) stops it and calls onClose at once.
 */
export function useCloseAfterSuccess(onClose: () => void, delay: number = DIALOG_CLOSE_DELAY_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnClose = useRef(onClose);

  useEffect(() => {
    latestOnClose.current = onClose;
  }, [onClose]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const closeSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latestOnClose.current();
    }, delay);
  }, [delay]);

  const closeNow = () => {
    cancel();
    latestOnClose.current();
  };

  return { closeSoon, cancel, closeNow };
}
