/**
 * Asks once, in the app's own dialog (ConfirmDialog), before an action that tells another
 * person something or can't be taken back (docs/screens.md): `await ask(question)` is true
 * when the person confirms. Render `dialog` once in the screen.
 *
 *   const confirm = useConfirm();
 *   if (!(await confirm.ask({ title, message, confirmLabel }))) return;
 *   …
 *   {confirm.dialog}
 */
import { useCallback, useRef, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export interface Question {
  title: string;
  message: string;
  confirmLabel: string;
}

export function useConfirm() {
  const [asked, setAsked] = useState<Question | null>(null);
  const answer = useRef<(yes: boolean) => void>(() => {});
  const ask = useCallback(
    (question: Question) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setAsked(question);
      }),
    [],
  );
  const close = (yes: boolean) => {
    setAsked(null);
    answer.current(yes);
  };
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={asked?.title ?? ''}
      message={asked?.message ?? ''}
      confirmLabel={asked?.confirmLabel ?? ''}
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    />
  );
  return { ask, dialog };
}
