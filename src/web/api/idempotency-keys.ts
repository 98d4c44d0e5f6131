/**
 * One Idempotency-Key per user action (docs/faults.md, "A stalled database"): a write that
 * failed (a 503 or a lost answer may still have been committed) keeps its key, so the same
 * call made again, by the person or by a mutation's retry, carries it and the server answers
 * the first result; a write that succeeded drops it, so the next action gets a new key.
 */
const pending = new Map<string, string>();
/** Failed writes remembered at most; the oldest is forgotten first. */
const REMEMBERED = 100;

// randomUUID exists only in secure contexts (https, localhost); a page served over plain http still needs a key.
const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

/** The key of the write `action` (method, path and body): the one its failed try used, or a new one. */
export function keyFor(action: string | null): string {
  const kept = action === null ? undefined : pending.get(action);
  if (kept) return kept;
  const key = newKey();
  if (action !== null) {
    pending.set(action, key);
    if (pending.size > REMEMBERED) pending.delete(pending.keys().next().value!);
  }
  return key;
}

/** The write `action` succeeded: its next call is a new action. */
export function settled(action: string | null): void {
  if (action !== null) pending.delete(action);
}
