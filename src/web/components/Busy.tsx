/**
 * The full-screen loading overlay. `run(work)` shows it while work runs and always
 * ends it, whether the work succeeds or fails (docs/product.md §11).
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { MSG } from '../../contract/messages';
import { useAboveDialogs } from './modal-dialog';
import './busy.css';

interface BusyApi {
  run<T>(work: () => Promise<T>, label?: string): Promise<T>;
  /** Updates the overlay's text while it shows (e.g. upload progress). */
  setLabel(label: string): void;
  busy: boolean;
}

const BusyContext = createContext<BusyApi>({ run: (w) => w(), setLabel: () => {}, busy: false });

export function BusyProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const [label, setLabel] = useState<string>(MSG.loading);
  const run = useCallback(async <T,>(work: () => Promise<T>, text: string = MSG.loading) => {
    setLabel(text);
    setCount((c) => c + 1);
    try {
      return await work();
    } finally {
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
          <div className="busy-spinner" aria-hidden="true" />
          <p className="busy-label">{label}</p>
        </div>
      )}
    </BusyContext.Provider>
  );
}

export const useBusy = () => useContext(BusyContext);
