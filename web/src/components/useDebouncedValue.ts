import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `delay` ms: a search asks the server when typing pauses, not at every key. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
