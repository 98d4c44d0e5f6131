/**
 * Red toasts at the top right that close themselves after 5000 ms (docs/product.md §8, §9).
 * At most three stand at once (the oldest gives way); on a phone they sit at the bottom, so
 * they never cover a dialog's controls.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
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
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (text: string, tone: Tone = 'error') => {
      const id = ++next.current;
      setToasts((all) => [...all, { id, text, tone }].slice(-MAX_TOASTS));
      setTimeout(() => dismiss(id), LIMITS.toastMs);
    },
    [dismiss],
  );
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

const PENDING_KEY = 'pendingToast';

/** Shows a toast on the page a full reload lands on (a save that reloads, as /editapperance's does). */
export function toastAfterReload(text: string, tone: Tone = 'success') {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ text, tone }));
}

/** Shows a toast: red by default, as the spec's error toasts are. */
export const useToast = () => useContext(ToastContext);
