/**
 * The one way focus lands after a list changes (docs/architecture.md, "Web forms and data"):
 * on the result of an action that moves an item to another list (a job closed or reopened, an
 * application withdrawn), and on what is left after a row is removed (RemoveButton).
 *
 * The item is a new element there, drawn only when the screen renders the change. A write
 * resolves once its answer is in the cache, but the screen may render it after the write's
 * callback: a focus set from the callback on a timer or the next frame can land on the old
 * element, which then goes, and focus falls to the body. So the callback names the item, and
 * its element is focused after the first render whose data has it in its new place.
 *
 *   const focusWhenDrawn = useFocusWhenDrawn((id: string) => (movedInData(id) ? `item-${id}` : null));
 *   … onSuccess: () => focusWhenDrawn(item._id)
 *
 * The component holding the hook may itself go in that render (a removed row's own ✕): its
 * leaving is then the render that draws the change, and the landing is done as it leaves.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * `drawnAt(target)`: what to focus once the rendered data has the change (an element, or its
 * id), null before.
 */
export function useFocusWhenDrawn<T>(drawnAt: (target: T) => string | HTMLElement | null) {
  const pending = useRef<{ target: T } | null>(null);
  const latest = useRef(drawnAt);
  const [, redraw] = useState(0);
  const land = useCallback(() => {
    if (pending.current === null) return;
    const at = latest.current(pending.current.target);
    if (at === null) return;
    pending.current = null;
    (typeof at === 'string' ? document.getElementById(at) : at)?.focus();
  }, []);
  // After every render: the one that draws the change focuses its result.
  useEffect(() => {
    latest.current = drawnAt;
    land();
  });
  // The holder removed with the change: that render is the one.
  useEffect(() => land, [land]);
  return useCallback((target: T) => {
    pending.current = { target };
    redraw((n) => n + 1);
  }, []);
}
