import { useState } from 'react';

const NO_ROWS: readonly never[] = [];

export interface HeldRows<T> {
  /** The rows to show: those the reader has seen, each with its latest contents. */
  rows: readonly T[];
  /** How many rows a refresh brought that wait for the reader. */
  waiting: number;
  /** Shows the list as last read, the waiting rows included. */
  showAll: () => void;
}

/**
 * A list that the live stream refreshes, shown so that it never moves under the reader: a row
 * that a refresh brings in waits, counted, until the reader asks for it (a new ticket at the top
 * would push down the row they were about to open); the rows shown take their new contents in
 * place, and a row gone from the answer goes. A change of `view` (a filter, a page) shows its
 * first answer as it comes; `view` null means the rows belong to no view yet.
 */
export function useHeldRows<T>(rows: readonly T[] | undefined, idOf: (row: T) => string, view: string | null): HeldRows<T> {
  const [seen, setSeen] = useState<{ view: string; ids: ReadonlySet<string> } | null>(null);
  const fresh: readonly T[] = rows ?? NO_ROWS;
  // Rows of no view yet (the last page's, kept while the next one loads) show as they are.
  if (view === null) return { rows: fresh, waiting: 0, showAll: () => setSeen(null) };
  const current = seen !== null && seen.view === view ? seen : null;
  // The first answer of a view is the reader's: it is shown and becomes what they have seen.
  if (current === null && rows !== undefined) setSeen({ view, ids: new Set(fresh.map(idOf)) });
  if (current === null) return { rows: fresh, waiting: 0, showAll: () => setSeen(null) };
  const shown = fresh.filter((row) => current.ids.has(idOf(row)));
  // The same answer, when nothing waits: the table keeps its rows and does not draw them again.
  return { rows: shown.length === fresh.length ? fresh : shown, waiting: fresh.length - shown.length, showAll: () => setSeen(null) };
}
