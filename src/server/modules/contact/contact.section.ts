/**
 * Contact messages the account sent while logged in. The form needs no login and its
 * e-mail is typed, not proven: a message is linked only by the sender's token, never by
 * a matching e-mail (docs/security.md, "Event streams, conversations and contact messages"). They go with the account through the
 * foreign key's cascade.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

// This area's part of the account export and deletion (docs/account.md), registered in account/sections.ts.
// Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
export const contactSection = {
  name: 'contactMessages',
  async export(db: Db, account: { id: string }) {
    return db
      .select({ number: contactMessages.number, message: contactMessages.message, sentAt: contactMessages.createdAt, handledAt: contactMessages.handledAt })
      .from(contactMessages)
      .where(eq(contactMessages.userId, account.id))
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  },
};
