/** Keeps every contact message and forwards it by e-mail when CONTACT_TO is set. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { contactMessages } from '../../db/schema/index.js';
import { contactMail, type ContactMessage } from './contact-mail.js';

export function createContactService(ctx: AppContext) {
  return {
    /**
     * The message is stored first, so a mail failure loses nothing: it is logged
     * and the visitor still hears that the message was received. `userId` is the account
     * logged in when it was sent (null when anonymous): only then is it theirs to export
     * and delete, never by the e-mail typed into the form (docs/security.md, "Event streams, conversations and contact messages").
     */
    async send(message: ContactMessage, userId: string | null, log: FastifyBaseLogger): Promise<void> {
      const [row] = await ctx.db
        .insert(contactMessages)
        .values({ email: message.email, number: message.number, message: message.message, userId })
        .returning({ id: contactMessages.id });
      const to = ctx.config.env.CONTACT_TO;
      if (!to) return;
      try {
        await ctx.mailer.send(contactMail(to, message));
      } catch (err) {
        log.error({ err, contactMessageId: row?.id }, 'contact message stored but not mailed');
      }
    },
  };
}
