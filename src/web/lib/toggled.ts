/** A copy of the set with the item taken out if it was in, put in if it was not: a checkbox list's state. */
export function toggled<T>(set: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}
