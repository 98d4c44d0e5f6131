/**
 * The full-screen loading overlay. `run(work)` shows it while work runs and always
 * ends it, whether the work succeeds or fails (docs/product.md §11). Work that can be
 * stopped (an upload, docs/screens.md) passes `onCancel`: the overlay then has a Cancel
 * button, focused while it shows, that Escape presses too.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MSG } from '../../contract/messages';
import { SCREEN_MSG } from '../../contract/screen-messages';
import { useAboveDialogs } from './modal-dialog';
import './busy.css';

export interface BusyOptions {
  /** Stops the work; the overlay shows a Cancel button while the work runs. */
  onCancel?: () => void;
}

interface BusyApi {
  run<T>(work: () => Promise<T>, label?: string, opts?: BusyOptions): Promise<T>;
  /** Updates the overlay's text while it shows (e.g. upload progress). */
  setLabel(label: string): void;
  busy: boolean;
}

const BusyContext = createContext<BusyApi>({ run: (w) => w(), setLabel: () => {}, busy: false });

export function BusyProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const [label, setLabel] = useState<string>(MSG.loading);
  const [cancel, setCancel] = useState<{ onCancel: () => void } | null>(null);
  const run = useCallback(async <T,>(work: () => Promise<T>, text: string = MSG.loading, opts: BusyOptions = {}) => {
    setLabel(text);
    const { onCancel } = opts;
    if (onCancel) setCancel({ onCancel });
    setCount((c) => c + 1);
    try {
      return await work();
    } finally {
      if (onCancel) setCancel((current) => (current?.onCancel === onCancel ? null : current));
      setCount((c) => c - 1);
    }
  }, []);
  const overlay = useRef<HTMLDivElement>(null);
  // Above a modal dialog whose work it shows (verifying a code, confirming a payment).
  useAboveDialogs(overlay, count > 0, null);
  const value = useMemo(() => ({ run, setLabel, busy: count > 0 }), [run, count]);
  return (
    <BusyContext.Provider value={value}>
      {children}
      {count > 0 && (
        <div ref={overlay} className="busy-overlay" popover="manual" role="alertdialog" aria-modal="true" aria-busy="true" aria-label={label} data-testid="busy-overlay">
          <div className="busy-panel">
            <div className="busy-spinner" aria-hidden="true" />
            <p className="busy-label">{label}</p>
            {cancel ? <CancelButton onCancel={cancel.onCancel} /> : null}
          </div>
        </div>
      )}
    </BusyContext.Provider>
  );
}

export const useBusy = () => useContext(BusyContext);

/**
 * Takes the focus while it shows, so the keyboard reaches it at once (the overlay covers
 * the page), and gives it back to where it was when the overlay ends. Escape cancels too.
 */
function CancelButton({ onCancel }: { onCancel: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    button.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      button.current?.click();
    };
    document.addEventListener('keydown', onKey);
    const own = button.current;
    return () => {
      document.removeEventListener('keydown', onKey);
      const now = document.activeElement;
      if (before?.isConnected && (now === null || now === document.body || now === own)) before.focus();
    };
  }, []);
  return (
    <button
      ref={button}
      type="button"
      className="btn btn-secondary busy-cancel"
      disabled={pressed}
      onClick={() => {
        setPressed(true);
        onCancel();
      }}
    >
      {SCREEN_MSG.busyCancel}
    </button>
  );
}
