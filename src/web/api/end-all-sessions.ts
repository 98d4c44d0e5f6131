/** POST /api/me/logout-all: ends every session of the account, this browser's too (docs/security.md, "Logout"). */
import { logoutEverywhere } from './account';
import { useWrite, type WriteHandlers } from './use-write';

/** Logs out everywhere, from /settings. */
export function useEndAllSessions(handlers: WriteHandlers<void, { msg: string }, never>) {
  return useWrite(logoutEverywhere, handlers);
}
