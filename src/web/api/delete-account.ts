/** DELETE /api/me: deletes the account for good after its password (docs/account.md, "Deletion"). */
import { deleteAccount } from './account';
import { useWrite, type WriteHandlers } from './use-write';

/** Deletes the account, from /settings; the screen then logs out. */
export function useDeleteAccount<K extends string = never>(handlers: WriteHandlers<string, { msg: string }, K>) {
  return useWrite(deleteAccount, handlers);
}
