/**
 * Focus on the result of an action that moves an item to another list (a job closed or
 * reopened, an application withdrawn): the item is a new element there, drawn only when the
 * screen renders the write's fresh answer. A write resolves once that answer is in the cache,
 * but the screen may render it after the write's callback: a focus set from the callback on a
 * timer or the next frame can land on the old element, which then goes, and focus falls to the
 * body. So the callback names the item, and its element is focused after the first render whose
 * data has it in its new place (docs/architecture.md, "Web forms and data").
 *
 *   const focusWhenDrawn = useFocusWhenDrawn((id: string) => (movedInData(id) ? `item-${id}` : null));
 *   … onSuccess: () => focusWhenDrawn(item._id)
 */
import { useCallback, useEffect, useState } from 'react';

/** `drawnAt(target)`: the id of the element to focus once the rendered data has the item moved, null before. */
export function useFocusWhenDrawn<T>(drawnAt: (target: T) => string | null) {
  const [pending, setPending] = useState<{ target: T } | null>(null);
  // After every render: the one that draws the item in its new place focuses it.
  useEffect(() => {
    if (pending === null) return;
    const id = drawnAt(pending.target);
    if (id === null) return;
    document.getElementById(id)?.focus();
    setPending(null);
  });
  return useCallback((target: T) => setPending({ target }), []);
}
