/**
 * What each area stores about an account, for the export and the deletion
 * (docs/account.md). An area that keeps rows about an account adds one section to
 * ACCOUNT_SECTIONS (sections.ts; the section itself lives in its area): the export calls `export` for every section,
 * and the deletion calls `erase` for every section in one transaction, before the
 * users row itself is deleted.
 */
import type { Db, Tx } from '../../db/client.js';
import type { AfterCommit } from '../notifications/index.js';

/** A transaction handle; it offers the same queries as the database. */

export interface AccountRef {
  id: string;
  email: string;
}

export interface AccountSection {
  /** The key of this section in the export file. */
  name: string;
  /** Everything this area stores about the account; another account appears by name only. */
  export(db: Db, account: AccountRef): Promise<unknown>;
  /**
   * Removes or anonymises this area's rows inside the deletion's transaction, and
   * answers the storage keys of files to delete once it commits, or those keys with the
   * live events and mails of the people it told (sent after the commit, as a job's close
   * sends them). Rows that cascade from the users row need no erase.
   */
  erase?(tx: Tx, account: AccountRef, env: EraseEnv): Promise<string[] | Erased>;
}

/** What an erase may need beyond the transaction: where links in its mails point. */
export interface EraseEnv {
  origin: string;
}

/** An erase that told someone: its storage keys, and what to send once the deletion commits. */
export interface Erased {
  keys: string[];
  after: AfterCommit;
}
