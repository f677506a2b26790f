import { useState } from 'react';

/**
 * Whether `open` has been true at least once: a dialog whose code downloads on demand mounts
 * from its first opening on (and stays mounted, for its closing animation).
 */
export function useHasOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
