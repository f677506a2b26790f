import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Moves keyboard focus to the returned element whenever `shown` turns to a new truthy value:
 * after a submit, a keyboard or screen-reader user lands on what happened, not on a button
 * that the form has just disabled or a dialog that has closed. The element needs tabIndex -1.
 */
export function useFocusOnShow<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}

/**
 * What a submit produced (its result, a confirmation), focused as it appears. Give it a `key`
 * that changes with each result so that a new one takes focus again.
 */
export function SubmitOutcome({ children }: { children: ReactNode }) {
  const ref = useFocusOnShow<HTMLDivElement>(true);
  return (
    <div ref={ref} tabIndex={-1} className="submit-outcome">
      {children}
    </div>
  );
}
