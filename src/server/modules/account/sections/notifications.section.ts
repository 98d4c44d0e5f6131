/** What the app told the account; the rows go with the users row (docs/applications.md). */
import { asc, eq } from 'drizzle-orm';
import { notifications } from '../../../db/schema/index.js';
import type { AccountSection } from '../account-sections.js';

export const notificationsSection: AccountSection = {
  name: 'notifications',
  async export(db, account) {
    return db
      .select({ kind: notifications.kind, text: notifications.text, link: notifications.link, readAt: notifications.readAt, createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, account.id))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
  },
};
