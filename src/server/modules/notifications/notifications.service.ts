/**
 * Notifications: written inside the transaction of the change they tell about, read by
 * the bell, and e-mailed only after that transaction committed (docs/applications.md).
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { APPLICATION_LIMITS, type Notification, type NotificationSettings } from '../../../contract/applications.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';
import { deliver, type StoredEvent } from '../events/index.js';
import { isUuid } from '../../lib/uuid.js';
import { sendOrKeep } from './mail-outbox.js';

/** A transaction handle offers the same queries as the database. */
/** `applicant`: a studio told of a new application to one of its jobs; `activity`: of what a performer did (a tape, a decline, a time). */
export type NotificationKind = 'application' | 'message' | 'applicant' | 'activity';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  text: string;
  link: string;
  /** Notices with the same key replace each other while unread (see `collapseKey` in the schema). */
  collapseKey?: string | null;
}

type NotificationRow = typeof notifications.$inferSelect;

export function presentNotification(row: NotificationRow): Notification {
  return { _id: row.id, kind: row.kind, text: row.text, link: row.link, read: row.readAt !== null, createdAt: row.createdAt.toISOString() };
}

/**
 * Creates notifications in the caller's transaction (or on the database), in chunks so a
 * job closing with thousands of applicants stays within a statement's parameters.
 * The one function other areas call to tell an account something.
 */
export async function createNotifications(tx: Tx | Db, rows: readonly NewNotification[]): Promise<Notification[]> {
  const out: Notification[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const made = await tx.insert(notifications).values(rows.slice(i, i + 1000)).returning();
    out.push(...made.map(presentNotification));
  }
  return out;
}

export async function createNotification(tx: Tx | Db, row: NewNotification): Promise<Notification> {
  const [made] = await createNotifications(tx, [row]);
  return made!;
}

/** What a committed change still has to send: the live events it stored, and its mails. */
export interface AfterCommit {
  mails: MailMessage[];
  events: StoredEvent[];
}

/**
 * Sends what a committed change made: its live events, then its mails. A failure loses
 * nothing: the notification is already in the app (and the stored event reaches a client
 * when it reconnects), and a mail the server refused is kept and retried (mail-outbox.ts).
 */
export async function sendAfterCommit(ctx: AppContext, { mails, events }: AfterCommit, log: { error(obj: unknown, msg: string): void }): Promise<void> {
  await deliver(ctx, events, { warn: (obj, msg) => log.error(obj, msg) });
  for (const message of mails) {
    await sendOrKeep(ctx, message, log).catch((err: unknown) =>
      log.error({ err, to: message.to }, 'notification mail neither sent nor kept; the notification stays in the app'),
    );
  }
}

export function createNotificationsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async list(userId: string) {
      const [rows, [unread]] = await Promise.all([
        db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(APPLICATION_LIMITS.notificationsPage),
        db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
      ]);
      return { notifications: rows.map(presentNotification), unread: unread?.n ?? 0 };
    },

    /** Marks the given notifications read, or all of them; ids of other accounts change nothing. */
    async markRead(userId: string, ids: readonly string[] | undefined) {
      const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
      const valid = ids?.filter(isUuid);
      if (valid && valid.length === 0) return this.list(userId);
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(valid ? and(mine, inArray(notifications.id, valid)) : mine);
      return this.list(userId);
    },

    async settings(userId: string): Promise<NotificationSettings> {
      const [row] = await db
        .select({ role: users.role, emailApplications: users.emailApplications, emailMessages: users.emailMessages, emailApplicants: users.emailApplicants })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) return { emailApplications: true, emailMessages: true };
      const { role, emailApplicants, ...choices } = row;
      // Only a studio has applicants; a performer's answer stays as it was.
      return role === 'studio' ? { ...choices, emailApplicants } : choices;
    },

    async saveSettings(userId: string, body: Partial<NotificationSettings>): Promise<NotificationSettings> {
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length > 0) await db.update(users).set(changes).where(eq(users.id, userId));
      return this.settings(userId);
    },
  };
}
