/**
 * Whether a new version of the portal waits to take over, and how to apply it: set by the
 * service worker's registration (register.ts), read by the notice (UpdateNotice.tsx).
 */
type Apply = () => void;

let pending: Apply | null = null;
const listeners = new Set<() => void>();

/** Tells the notice that a new version waits; `apply` hands over to it and reloads. */
export function offerUpdate(apply: Apply): void {
  pending = apply;
  for (const listener of listeners) listener();
}

/** Forgets the offered version (once applied, or at the end of a unit test). */
export function withdrawUpdate(): void {
  if (pending === null) return;
  pending = null;
  for (const listener of listeners) listener();
}

/** How to apply the waiting version, or null when there is none. */
export function pendingUpdate(): Apply | null {
  return pending;
}

export function subscribeToUpdates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
