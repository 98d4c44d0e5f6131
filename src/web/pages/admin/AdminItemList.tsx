/**
 * The list a console section keeps (studios to verify, reported jobs): the last change's
 * status line, then loading, empty or the items, each with what it is and the one button
 * that flips it (verify or unverify, hide or restore).
 */
import type { ReactNode } from 'react';
import { MSG } from '../../../contract/messages';

/** An item's button. */
export interface AdminItemAction {
  /** Its text: "Verify", "Hide". */
  label: string;
  /** What it acts on, added to its accessible name ("Verify Kaveri Frames"): every row has one. */
  subject: string;
  /** The change the item waits for (verify the unverified, restore the hidden) is the primary button. */
  primary: boolean;
  run: () => void;
}

export function AdminItemList<T>(props: {
  items: T[] | undefined;
  error: Error | null;
  /** What the last change did, from useAdminChange. */
  done: string;
  empty: string;
  /** While a change is on its way no other starts. */
  busy: boolean;
  testId: string;
  itemKey: (item: T) => string;
  describe: (item: T) => ReactNode;
  action: (item: T) => AdminItemAction;
}) {
  const { items, error, done, empty, busy, testId, itemKey, describe, action } = props;
  return (
    <>
      <p role="status" className="admin-done">{done}</p>
      {!items ? (
        <p role="status">{error ? error.message : MSG.loading}</p>
      ) : items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="admin-list">
          {items.map((item) => {
            const { label, subject, primary, run } = action(item);
            return (
              <li key={itemKey(item)} className="admin-item" data-testid={testId}>
                <div className="admin-item-main">{describe(item)}</div>
                <button type="button" className={primary ? 'btn' : 'btn btn-secondary'} disabled={busy} aria-label={`${label} ${subject}`} onClick={run}>
                  {label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
