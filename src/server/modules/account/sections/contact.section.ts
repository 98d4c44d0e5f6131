/**
 * Contact messages sent from the account's e-mail. The form needs no login, so the
 * e-mail is the only link between a message and an account; they go with the account.
 */
import { asc, eq } from 'drizzle-orm';
import { contactMessages } from '../../../db/schema/index.js';
import type { AccountSection } from '../account-sections.js';

export const contactSection: AccountSection = {
  name: 'contactMessages',
  async export(db, account) {
    return db
      .select({ number: contactMessages.number, message: contactMessages.message, sentAt: contactMessages.createdAt, handledAt: contactMessages.handledAt })
      .from(contactMessages)
      .where(eq(contactMessages.email, account.email))
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  },
  async erase(tx, account) {
    await tx.delete(contactMessages).where(eq(contactMessages.email, account.email));
    return [];
  },
};
