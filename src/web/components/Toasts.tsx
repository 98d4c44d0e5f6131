/**
 * Red toasts at the top right that close themselves after 5000 ms (docs/product.md §8, §9).
 * At most three stand at once (the oldest gives way). On a phone they sit at the bottom, or at
 * the top under the nav when a main button on screen (a form's submit, a dialog's button)
 * would be under them there: a toast never covers the button that fixes or retries what it
 * says (docs/screens.md, "Toasts"). An error toast goes as soon as the field it was about is
 * edited: a stale one would still say the field is wrong.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '../../contract/limits';
import { useAboveDialogs } from './modal-dialog';
import './toasts.css';

type Tone = 'error' | 'success';
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
  // Before the toasts are painted: bottom unless that covers a main button on screen.
  useLayoutEffect(() => {
    if (region.current && toasts.length > 0) placeClearOfMainButtons(region.current);
  }, [toasts]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (text: string, tone: Tone = 'error') => {
      const id = ++next.current;
      setToasts((all) => [...all, { id, text, tone }].slice(-MAX_TOASTS));
      setTimeout(() => dismiss(id), LIMITS.toastMs);
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

/** The buttons a toast must not cover: a form's submit and a modal dialog's buttons, as shown on screen. */
const MAIN_BUTTONS = 'form button[type="submit"], dialog[open] .btn';

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Puts the toasts at the phone's bottom or top (data-place, read by toasts.css), whichever
 * covers fewer main buttons, bottom when neither or both do. Wider screens keep their one place.
 */
function placeClearOfMainButtons(el: HTMLElement) {
  el.dataset.place = 'bottom';
  if (!window.matchMedia(PHONE_QUERY).matches) return;
  const buttons = [...document.querySelectorAll<HTMLElement>(MAIN_BUTTONS)].map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0 && r.bottom > 0 && r.top < window.innerHeight);
  const covered = () => {
    const box = el.getBoundingClientRect();
    return buttons.filter((r) => overlaps(r, box)).length;
  };
  const atBottom = covered();
  if (atBottom === 0) return;
  el.dataset.place = 'top';
  if (covered() >= atBottom) el.dataset.place = 'bottom';
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
