import { useState } from 'react';

/**
 * How many times a dialog has been opened: as a key, it gives each opening a fresh form, even
 * when the dialog opens again before its closing animation has removed the last one.
 */
export function useOpenCount(open: boolean): number {
  const [count, setCount] = useState(open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setCount(count + 1);
  }
  return count;
}
