/**
 * Red toasts at the top right that close themselves after 5000 ms (docs/product.md §8, §9);
 * a long green one stays for its reading time.
 * At most three stand at once (the oldest gives way). On a phone they sit at the bottom; at
 * either width they move to the other end of the screen when that covers no control (a link,
 * a button, a field, a card's Open), and when both ends would, they stand at the top and the
 * page makes room for them: a toast never hides what the person would press next
 * (docs/screens.md, "Toasts"). An error toast goes as soon as the field it was about is
 * edited: a stale one would still say the field is wrong.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useAboveDialogs } from './modal-dialog';
import './toasts.css';

import { toastLifeMs, type Tone } from '../lib/toast-life';
interface Toast {
  id: number;
  text: string;
  tone: Tone;
}

/** More would push the page's own content out of reach on a phone. */
const MAX_TOASTS = 3;

const ToastContext = createContext<(text: string, tone?: Tone) => void>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const region = useRef<HTMLDivElement>(null);
  // A toast about a modal's work (a wrong code, a failed payment) shows above the modal.
  useAboveDialogs(region, toasts.length > 0, toasts.at(-1)?.id);
  // Before the toasts are painted: the usual place unless another covers fewer controls on screen.
  useLayoutEffect(() => {
    if (region.current && toasts.length > 0) placeClearOfControls(region.current);
    else reserveRoom(0);
  }, [toasts]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (text: string, tone: Tone = 'error') => {
      const id = ++next.current;
      setToasts((all) => [...all, { id, text, tone }].slice(-MAX_TOASTS));
      setTimeout(() => dismiss(id), toastLifeMs(text, tone));
    },
    [dismiss],
  );
  // Editing a field marked wrong (aria-invalid, the form kit's mark) dismisses the error toasts
  // about it: the one whose text is that field's problem, or all of them when it is the form's
  // last wrong field. Capture phase: the form kit clears the mark in its own input handler.
  useEffect(() => {
    const onEdit = (e: Event) => {
      const field = e.target;
      if (!(field instanceof HTMLElement) || field.getAttribute('aria-invalid') !== 'true') return;
      const problem = (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
        .join(' ');
      const scope = field.closest('form') ?? document;
      const othersWrong = [...scope.querySelectorAll('[aria-invalid="true"]')].some((el) => el !== field);
      setToasts((all) => {
        const left = all.filter((t) => t.tone !== 'error' || !(othersWrong ? problem.includes(t.text) : true));
        return left.length === all.length ? all : left;
      });
    };
    document.addEventListener('input', onEdit, true);
    document.addEventListener('change', onEdit, true);
    return () => {
      document.removeEventListener('input', onEdit, true);
      document.removeEventListener('change', onEdit, true);
    };
  }, []);
  // A toast left for the next page by a screen that reloads the app (toastAfterReload).
  useEffect(() => {
    const pending = sessionStorage.getItem(PENDING_KEY);
    if (!pending) return;
    sessionStorage.removeItem(PENDING_KEY);
    const { text, tone } = JSON.parse(pending) as { text: string; tone: Tone };
    show(text, tone);
  }, [show]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div ref={region} className="toasts" role="region" aria-label="Notifications" popover="manual">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
            <span>{t.text}</span>
            <button type="button" className="toast-close" aria-label="Close notification" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * What a toast must not cover: every control on screen (a link, a button, a field), and while
 * a modal dialog is open only the dialog's (the page behind it is inert). Issue 49 item 19: a
 * toast over a board's card or its buttons hid what the person was about to press.
 */
const CONTROLS = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The places toasts.css knows, the usual one first: bottom on a phone, top right on a wider screen. */
const PLACES = { phone: ['bottom', 'top'], wide: ['top', 'bottom'] } as const;

/**
 * Puts the toasts where they cover the fewest controls on screen (data-place, read by
 * toasts.css), the usual place when none or every place covers as many.
 */
function placeClearOfControls(el: HTMLElement) {
  const places = window.matchMedia(PHONE_QUERY).matches ? PLACES.phone : PLACES.wide;
  const scope = document.querySelector('dialog:modal') ?? document;
  const controls = [...scope.querySelectorAll<HTMLElement>(CONTROLS)]
    .filter((c) => !el.contains(c))
    .map((c) => c.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight);
  const covered = () => {
    const box = el.getBoundingClientRect();
    return controls.filter((r) => overlaps(r, box)).length;
  };
  reserveRoom(0);
  let best: { place: string; count: number } | null = null;
  for (const place of places) {
    el.dataset.place = place;
    const count = covered();
    if (count === 0) return;
    if (!best || count < best.count) best = { place, count };
  }
  if (scope !== document) {
    // Over a modal dialog: the dialog's controls decide, the page behind is inert.
    el.dataset.place = best!.place;
    return;
  }
  // Every place covers a control: the toasts stand at the top, under the nav, and the page
  // makes room for them there. What was on screen moves down by their height rather than
  // going under them (issue 49 item 19); the room goes with the last toast.
  el.dataset.place = 'top';
  const nav = document.querySelector('nav')?.getBoundingClientRect().bottom ?? 0;
  reserveRoom(Math.ceil(el.getBoundingClientRect().bottom - nav) + ROOM_GAP);
}

/** Space between the toasts and the page below them when the page makes room. */
const ROOM_GAP = 8;

/** The room above the page's content (the layout's #main) kept for the toasts, 0 for none. */
function reserveRoom(px: number) {
  const main = document.getElementById('main');
  if (main) main.style.paddingTop = px > 0 ? `${px}px` : '';
}

/** Where toasts.css puts the toasts at the bottom or the top (its phone rule). */
const PHONE_QUERY = '(max-width: 600px)';

const PENDING_KEY = 'pendingToast';

/** Shows a toast on the page a full reload lands on (a save that reloads, as /editapperance's does). */
export function toastAfterReload(text: string, tone: Tone = 'success') {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ text, tone }));
}

/** Shows a toast: red by default, as the spec's error toasts are. */
export const useToast = () => useContext(ToastContext);
