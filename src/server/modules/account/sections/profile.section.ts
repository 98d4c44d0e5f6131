/** The profile and appearance: the users row, without the password hash or the token version. */
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.js';
import type { AccountSection } from '../account-sections.js';

export const profileSection: AccountSection = {
  name: 'profile',
  async export(db, account) {
    const [user] = await db.select().from(users).where(eq(users.id, account.id));
    if (!user) return null;
    const { passwordHash: _hash, tokenVersion: _tokens, version: _version, ...stored } = user;
    return stored;
  },
};
