/**
 * Values a control shows from a click until the server answers its save, in the same
 * render as the click. Each key follows its latest click: an earlier save's answer leaves
 * a later click shown, where a switch flipped twice quickly would otherwise jump back
 * while the second save is on its way. Once the latest save is answered, saved or
 * refused, the key shows what the page reads from the server again.
 */
import { useRef, useState } from 'react';

export function useUnsavedValues<T extends object>() {
  const [unsaved, setUnsaved] = useState<Partial<T>>({});
  /** The number of each key's latest click. */
  const latest = useRef<Partial<Record<keyof T, number>>>({});

  /** Shows `value` under `key` while `save` runs; answers (or throws) what `save` does. */
  async function saving<K extends keyof T, R>(key: K, value: T[K], save: () => Promise<R>): Promise<R> {
    const click = (latest.current[key] ?? 0) + 1;
    latest.current[key] = click;
    setUnsaved((values) => ({ ...values, [key]: value }));
    try {
      return await save();
    } finally {
      if (latest.current[key] === click) {
        setUnsaved((values) => {
          const rest = { ...values };
          delete rest[key];
          return rest;
        });
      }
    }
  }

  return { unsaved, saving };
}
