/** The profile and appearance: the users row, without the password hash or the token version. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

// This area's part of the account export and deletion (docs/account.md), registered in account/sections.ts.
// Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
export const profileSection = {
  name: 'profile',
  async export(db: Db, account: { id: string }) {
    const [user] = await db.select().from(users).where(eq(users.id, account.id));
    if (!user) return null;
    const { passwordHash: _hash, tokenVersion: _tokens, version: _version, ...stored } = user;
    return stored;
  },
};
