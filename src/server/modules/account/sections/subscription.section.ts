/** The current plan and the one queued after it, as stored on the account. Erased with the users row. */
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.js';
import type { AccountSection } from '../account-sections.js';

export const subscriptionSection: AccountSection = {
  name: 'subscription',
  async export(db, account) {
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
