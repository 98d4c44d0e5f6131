/**
 * Asks before leaving a form with unsaved changes (docs/screens.md): a question inside
 * the app for links and the back button, the browser's own for a reload or a closed tab.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { SCREEN_MSG } from '../../contract/screen-messages';
import { ConfirmDialog } from './ConfirmDialog';

export function useLeaveGuard(dirty: boolean) {
  // A ref, not state: after a save the screen leaves at once, before a re-render.
  const guarding = useRef(dirty);
  guarding.current = dirty;
  const released = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guarding.current && !released.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  /** The changes are saved: leave without asking. */
  const release = useCallback(() => {
    released.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={SCREEN_MSG.leaveTitle}
      message={SCREEN_MSG.leaveMessage}
      confirmLabel={SCREEN_MSG.leaveConfirm}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { release, dialog };
}
