/**
 * The behaviour every modal of the app shares, on the native <dialog>: shown with
 * showModal() while mounted (the page behind is inert), Tab and Shift+Tab wrap around
 * inside it, focus starts on the element marked data-autofocus, and when it goes focus
 * returns to the element that opened it.
 */
import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';

/** Shows the dialog as a modal for as long as the component is mounted. */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>) {
  // A layout effect: its cleanup runs while the dialog is still in the document, so it can close it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // React focuses autoFocus before the dialog shows, too early; this marks where focus starts.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const lost = document.activeElement === null || document.activeElement === document.body || dialog.contains(document.activeElement);
      if (opener?.isConnected && lost) opener.focus();
    };
  }, [ref]);
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** onKeyDown of a modal dialog: Tab past the last control comes back to the first, and the other way. */
export function keepTabInside(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab') return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * Keeps a popover element (the toasts, the loading overlay) above any modal dialog:
 * the top layer stacks in the order things were shown, so it is shown again whenever
 * it gets something new to show.
 */
export function useAboveDialogs(ref: RefObject<HTMLElement | null>, shown: boolean, raise: unknown) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (shown) el.showPopover();
  }, [ref, shown, raise]);
}
