/** GET /api/me/export: the account's data as a file the browser saves (docs/account.md). */
import { downloadExport } from './account';
import { useWrite, type WriteHandlers } from './use-write';

/**
 * Downloads the account's export, from /settings, with the full-screen overlay saying so
 * while the file is prepared (a download changes no read, so nothing is refreshed).
 */
export function useDownloadExport(handlers: Omit<WriteHandlers<void, void, never>, 'overlay'>) {
  return useWrite(downloadExport, { ...handlers, overlay: 'Preparing your file…' });
}
