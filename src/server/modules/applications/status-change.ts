/**
 * Every status change of applications goes through here: the status and its time are
 * kept in the row's history, the performer gets a notification in the same transaction,
 * and the caller mails them after commit (docs/applications.md).
 */
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { APP_MSG, FINAL_STATUSES, type ApplicationStatus } from '../../../contract/applications.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';
import { applications, jobs, studios, users } from '../../db/schema/index.js';
import { recordEvents } from '../events/index.js';
import type { Tx } from '../../db/client.js';
import { createNotifications, type AfterCommit } from '../notifications/index.js';

export const NOTICE_LINK = '/applications';

/** The history entry appended to a row, in SQL, so the change and its record are one statement. */
export const historyAppend = (status: ApplicationStatus, at: Date) =>
  sql`${applications.history} || jsonb_build_array(jsonb_build_object('status', ${status}::text, 'at', ${at.toISOString()}::text))`;

export interface MailSettings {
  origin: string;
}

/**
 * Moves the applications matched by `where` to `status` (never out of a final status),
 * notifies each performer once, and answers the mails to send after commit.
 */
export async function changeStatus(
  tx: Tx,
  where: SQL | undefined,
  status: ApplicationStatus,
  at: Date,
  mail: MailSettings,
): Promise<{ changed: { id: string; performerId: string | null }[] } & AfterCommit> {
  // One statement: the update, with the job, its studio and the performer of each changed row.
  const moved = tx.$with('moved').as(
    tx
      .update(applications)
      .set({ status, history: historyAppend(status, at), updatedAt: at })
      .where(and(where, notInArray(applications.status, [...FINAL_STATUSES])))
      .returning({ id: applications.id, performerId: applications.performerId, jobId: applications.jobId }),
  );
  const rows = await tx
    .with(moved)
    .select({
      id: moved.id,
      performerId: moved.performerId,
      job: { title: jobs.title, studio: studios.fname },
      person: { id: users.id, email: users.email, fname: users.fname, wantsMail: users.emailApplications },
    })
    .from(moved)
    .innerJoin(jobs, eq(jobs.id, moved.jobId))
    .innerJoin(studios, eq(studios.id, jobs.studioId))
    .leftJoin(users, eq(users.id, moved.performerId));
  const changed = rows.map(({ id, performerId }) => ({ id, performerId }));
  const told = rows.flatMap(({ job, person }) => (person ? [{ job, person }] : []));
  if (told.length === 0) return { changed, mails: [], events: [] };
  await createNotifications(
    tx,
    told.map(({ job, person }) => ({ userId: person.id, kind: 'application' as const, text: APP_MSG.notice(status, job.title, job.studio), link: NOTICE_LINK })),
  );
  // The bell updates live: one event per performer, stored with the change, sent after it commits.
  const events = await recordEvents(tx, told.map(({ person }) => person.id), { kind: 'notification', data: {} });
  const mails = told.filter(({ person }) => person.wantsMail).map(({ job, person }) => statusMail(person, job, status, mail.origin));
  return { changed, mails, events };
}

function statusMail(person: { email: string; fname: string }, job: { title: string; studio: string }, status: ApplicationStatus, origin: string): MailMessage {
  const line = APP_MSG.notice(status, job.title, job.studio);
  const link = `${origin}${NOTICE_LINK}`;
  const settings = `${origin}/settings`;
  return {
    to: person.email,
    subject: APP_MSG.mailSubject(status, job.title),
    text: [`Hello ${person.fname},`, '', line, '', `See all your applications: ${link}`, '', `You can turn these e-mails off at ${settings}.`].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p>Hello ${escapeHtml(person.fname)},</p>
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
