type Listener = () => void;
const refusedListeners = new Set<Listener>();

/** Be told whenever a call answers 0003; the session provider forces the logout. */
export function onSessionRefused(listener: Listener): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

/** A call was answered 0003 (`apollo.ts`'s error link). */
export function sessionRefused(): void {
  for (const listener of refusedListeners) listener();
}
