/**
 * The account's date of birth, guardian and consent history, for the export (docs/account.md).
 * Both tables go with the account through their foreign keys' cascade: no erase. Shaped as an
 * AccountSection (account/account-sections.ts), which this area does not import.
 */
import type { Db } from '../../db/client.js';
import { guardianExport } from './guardians.service.js';

export const guardiansSection = {
  name: 'guardian',
  export: (db: Db, account: { id: string }) => guardianExport(db, account.id),
};
