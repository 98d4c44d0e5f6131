/** Puts a server's `{ msg }` at the field it names: messages of the casting side start with the field's label. */
export function fieldOf<K extends string>(msg: string, labels: Record<K, string>): K | null {
  let best: K | null = null;
  for (const [key, label] of Object.entries(labels) as [K, string][]) {
    if (msg.startsWith(label) && (!best || label.length > labels[best].length)) best = key;
  }
  return best;
}
