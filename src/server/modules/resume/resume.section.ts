/**
 * The résumé in the account export (docs/account.md, docs/resume.md): as the performer's
 * own GET answers it, with the appearance texts; null for a studio. The row goes with the
 * account through the foreign key's cascade, so there is nothing to erase.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { readResume } from './resume.service.js';

// The account area's AccountSection shape, written out: this area does not import that one.
export const resumeSection = {
  name: 'resume',
  async export(db: Db, account: { id: string }) {
    const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, account.id));
    return user?.role === 'performer' ? readResume(db, account.id) : null;
  },
};
