/** What the app told the account; the rows go with the users row (docs/applications.md). */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

// This area's part of the account export and deletion (docs/account.md), registered in account/sections.ts.
// Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
export const notificationsSection = {
  name: 'notifications',
  async export(db: Db, account: { id: string }) {
    return db
      .select({ kind: notifications.kind, text: notifications.text, link: notifications.link, readAt: notifications.readAt, createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, account.id))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
  },
};
