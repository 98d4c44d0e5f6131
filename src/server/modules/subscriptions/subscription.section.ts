/** The current plan and the one queued after it, as stored on the account. Erased with the users row. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

// This area's part of the account export and deletion (docs/account.md), registered in account/sections.ts.
// Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
export const subscriptionSection = {
  name: 'subscription',
  async export(db: Db, account: { id: string }) {
    const [row] = await db
      .select({
        name: users.subscriptionName,
        price: users.subscriptionPrice,
        start: users.subscriptionStart,
        end: users.subscriptionEnd,
        queuedName: users.queuedPlanName,
        queuedPrice: users.queuedPlanPrice,
      })
      .from(users)
      .where(eq(users.id, account.id));
    return row && row.name ? row : null;
  },
};
