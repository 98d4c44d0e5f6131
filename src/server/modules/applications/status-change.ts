/**
 * Every status change of applications goes through here: the status and its time are
 * kept in the row's history, the performer gets a notification in the same transaction,
 * and the caller mails them after commit (docs/applications.md).
 */
import { and, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { APP_MSG, FINAL_STATUSES, type ApplicationStatus } from '../../../contract/applications.js';
import { APPLICATION_LIMITS } from '../../../contract/applications-limits.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';
import { applications, jobs, notifications, studios, users } from '../../db/schema/index.js';
import { recordEvents } from '../events/index.js';
import type { Tx } from '../../db/client.js';
import { createNotifications, type AfterCommit } from '../notifications/index.js';
import { personName } from '../../../contract/names.js';

export const NOTICE_LINK = '/applications';

/** The history entry appended to a row, in SQL, so the change and its record are one statement. */
export const historyAppend = (status: ApplicationStatus, at: Date) =>
  sql`${applications.history} || jsonb_build_array(jsonb_build_object('status', ${status}::text, 'at', ${at.toISOString()}::text))`;

export interface MailSettings {
  origin: string;
}

/** The key that lets a notice of a move between statuses that are not final replace the last one. */
const collapseKeyOf = (applicationId: string) => `application:${applicationId}`;

/**
 * Moves the applications matched by `where` to `status` (never out of a final status),
 * notifies each performer once, and answers the mails to send after commit.
 *
 * No floods (docs/applications.md): a move to a status that is not final e-mails the
 * performer only when the application's last such e-mail is an hour old; the update itself
 * decides it (`moved_mail_at`), so moves on two instances at once mail once. Its notice
 * replaces the application's unread notice of the previous such move, so moves back and
 * forth leave one unread line. Final moves are always mailed and never replace a notice.
 */
export async function changeStatus(
  tx: Tx,
  where: SQL | undefined,
  status: ApplicationStatus,
  at: Date,
  mail: MailSettings,
): Promise<{ changed: { id: string; performerId: string | null }[] } & AfterCommit> {
  const final = FINAL_STATUSES.includes(status);
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const mailDue = sql`${applications.movedMailAt} is null or ${applications.movedMailAt} <= ${stamp} - make_interval(mins => ${APPLICATION_LIMITS.movedMailEveryMinutes})`;
  // One statement: the update, with the job, its studio and the performer of each changed row.
  const moved = tx.$with('moved').as(
    tx
      .update(applications)
      .set({
        status,
        history: historyAppend(status, at),
        updatedAt: at,
        ...(final ? {} : { movedMailAt: sql`case when ${mailDue} then ${stamp} else ${applications.movedMailAt} end` }),
      })
      .where(and(where, notInArray(applications.status, [...FINAL_STATUSES])))
      .returning({
        id: applications.id,
        performerId: applications.performerId,
        jobId: applications.jobId,
        // The value after the update: this move took the hour's e-mail when it wrote its own time.
        mailNow: final ? sql<boolean>`true`.as('mail_now') : sql<boolean>`coalesce(${applications.movedMailAt} = ${stamp}, false)`.as('mail_now'),
      }),
  );
  const rows = await tx
    .with(moved)
    .select({
      id: moved.id,
      performerId: moved.performerId,
      mailNow: moved.mailNow,
      job: { title: jobs.title, studio: studios.fname },
      person: { id: users.id, email: users.email, fname: users.fname, wantsMail: users.emailApplications },
    })
    .from(moved)
    .innerJoin(jobs, eq(jobs.id, moved.jobId))
    .innerJoin(studios, eq(studios.id, jobs.studioId))
    .leftJoin(users, eq(users.id, moved.performerId));
  const changed = rows.map(({ id, performerId }) => ({ id, performerId }));
  const told = rows.flatMap(({ id, mailNow, job, person }) => (person ? [{ id, mailNow, job, person }] : []));
  if (told.length === 0) return { changed, mails: [], events: [] };
  if (!final) {
    // The unread notice of each application's previous move that was not final goes. A
    // statement of its own, after the update: a move of the same application on another
    // connection committed before our update got the row, and only a new statement sees
    // its notice (a WITH in the update's statement would not, and left both).
    await tx
      .delete(notifications)
      .where(and(isNull(notifications.readAt), inArray(notifications.collapseKey, told.map(({ id }) => collapseKeyOf(id)))));
  }
  await createNotifications(
    tx,
    told.map(({ id, job, person }) => ({
      userId: person.id,
      kind: 'application' as const,
      text: APP_MSG.notice(status, job.title, job.studio),
      link: NOTICE_LINK,
      collapseKey: final ? null : collapseKeyOf(id),
    })),
  );
  // The bell updates live: one event per performer, stored with the change, sent after it commits.
  const events = await recordEvents(tx, told.map(({ person }) => person.id), { kind: 'notification', data: {} });
  const mails = told.filter(({ mailNow, person }) => mailNow && person.wantsMail).map(({ job, person }) => statusMail(person, job, status, mail.origin));
  return { changed, mails, events };
}

function statusMail(person: { email: string; fname: string }, job: { title: string; studio: string }, status: ApplicationStatus, origin: string): MailMessage {
  const line = APP_MSG.notice(status, job.title, job.studio);
  const link = `${origin}${NOTICE_LINK}`;
  const settings = `${origin}/settings`;
  return {
    to: person.email,
    subject: APP_MSG.mailSubject(status, job.title),
    text: [`Hello ${personName(person.fname)},`, '', line, '', `See all your applications: ${link}`, '', `You can turn these e-mails off at ${settings}.`].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p>Hello ${escapeHtml(personName(person.fname))},</p>
<p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(link)}">See all your applications</a></p>
<p style="color:#6b6680">You can turn these e-mails off in your <a href="${escapeHtml(settings)}">settings</a>.</p>
</body></html>`,
  };
}

/** Closing jobs closes every application still undecided, telling each performer once. */
export async function closeApplicationsOf(tx: Tx, jobIds: readonly string[], at: Date, mail: MailSettings) {
  if (jobIds.length === 0) return { changed: [], mails: [], events: [] };
  return changeStatus(tx, inArray(applications.jobId, [...jobIds]), 'closed', at, mail);
}

/** Where links in mails point: PUBLIC_URL, or this server. */
export function mailSettings(env: { PUBLIC_URL?: string; PORT: number | string }): MailSettings {
  return { origin: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') };
}
