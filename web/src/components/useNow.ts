import { useEffect, useState } from 'react';

/** How often the time left of the open votes is worked out again. */
export const CLOCK_TICK_MS = 15_000;

/** The current time in milliseconds, renewed every `tick` ms, for countdowns. */
export function useNow(tick: number = CLOCK_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tick);
    return () => clearInterval(timer);
  }, [tick]);
  return now;
}
