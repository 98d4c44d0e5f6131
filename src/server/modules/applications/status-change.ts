/**
 * Every status change of applications goes through here: the status and its time are
 * kept in the row's history, the performer gets a notification in the same transaction,
 * and the caller mails them after commit (docs/applications.md).
 */
import { and, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { APP_MSG, DECISION_MSG, FINAL_STATUSES, type ApplicationStatus, type DeclineReason } from '../../../contract/applications.js';
import { APPLICATION_LIMITS } from '../../../contract/applications-limits.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';
import { applications, decisionNotices, jobRoles, jobs, notifications, studios, users } from '../../db/schema/index.js';
import { recordEvents } from '../events/index.js';
import type { Actor } from '../history/index.js';
import type { Tx } from '../../db/client.js';
import { createNotifications, type AfterCommit, type MailSettings } from '../notifications/index.js';
// Where links in mails point (kept in notifications, which the areas below applications import too).
export { mailSettings, type MailSettings } from '../notifications/index.js';
import { personName } from '../../../contract/names.js';
import { bothAfter, endWhatHangsOn } from './decision-ends.js';

export const NOTICE_LINK = '/applications';

/** The history entry appended to a row, in SQL, so the change and its record are one statement. */
/** The columns an undone decision leaves behind: as if Book or Decline had never been pressed. */
export const NO_DECISION = { decisionReason: null, decisionNote: '', decidedAt: null, undoStatus: null, undoUntil: null } as const;

export const historyAppend = (status: ApplicationStatus, at: Date, by?: Actor) =>
  by
    ? sql`${applications.history} || jsonb_build_array(jsonb_build_object('status', ${status}::text, 'at', ${at.toISOString()}::text, 'by', jsonb_build_object('_id', ${by._id}::text, 'name', ${by.name}::text)))`
    : sql`${applications.history} || jsonb_build_array(jsonb_build_object('status', ${status}::text, 'at', ${at.toISOString()}::text))`;


/**
 * A decision's reason and note for the performer (docs/applications.md, "Decisions").
 * `undoSeconds`: a booking or decline the studio may undo for this long (the server's
 * DECISION_UNDO_SECONDS, the spec's DECISION_LIMITS.undoSeconds unless set); its notice is not
 * sent now but written to the outbox (decision_notices), due then. Unset: not undoable.
 */
export interface DecisionInput {
  reason?: DeclineReason | null;
  note?: string;
  undoSeconds?: number;
  /** Who made the move; kept in the history entry. */
  by?: Actor;
}

/** The job as a performer is told of it: the role named, as two roles of one job are two applications (issue 49, item 2). */
export interface JobBrief {
  title: string;
  studio: string;
  /** The role applied to; '' when the row lost it. */
  role?: string;
}

/** What the performer is told of a move: the status, and a final decision's reason in words. */
export const noticeText = (status: ApplicationStatus, job: JobBrief, reason: DeclineReason | null) =>
  reason ? `${APP_MSG.notice(status, job.title, job.studio, job.role)} ${DECISION_MSG.reasonLine(reason)}` : APP_MSG.notice(status, job.title, job.studio, job.role);

/** The key that lets a notice of a move between statuses that are not final replace the last one. */
const collapseKeyOf = (applicationId: string) => `application:${applicationId}`;

/**
 * Moves the applications matched by `where` to `status` (never out of a final status),
 * notifies each performer once, and answers the mails to send after commit.
 *
 * No floods (docs/applications.md): a move to a status that is not final e-mails the
 * performer only when the application's last such e-mail is an hour old; the statement that
 * moves it decides it under the row's lock (`moved_mail_at`), so moves on two instances at once
 * mail once. Its notice
 * replaces the application's unread notice of the previous such move, so moves back and
 * forth leave one unread line. Final moves are always mailed and never replace a notice.
 */
export async function changeStatus(
  tx: Tx,
  where: SQL | undefined,
  status: ApplicationStatus,
  at: Date,
  mail: MailSettings,
  decided: DecisionInput = {},
): Promise<{ changed: { id: string; performerId: string | null }[] } & AfterCommit> {
  const final = FINAL_STATUSES.includes(status);
  const reason = decided.reason ?? null;
  const note = decided.note ?? '';
  // The window is on the database's clock, as the undo and the notice sweep read it: instances
  // whose clocks disagree still agree on it (docs/faults.md, "Clocks that disagree").
  const undoable = decided.undoSeconds !== undefined;
  const undoUntil = sql`now() + make_interval(secs => ${decided.undoSeconds ?? 0})`;
  // A final decision records its reason and note; an undoable one also what it may go back to.
  const decision = final
    ? {
        decisionReason: reason,
        decisionNote: note,
        decidedAt: at,
        // In SET, the column is the value before this update: the status the undo puts back.
        undoStatus: undoable ? sql`${applications.status}` : null,
        undoUntil: undoable ? undoUntil : null,
      }
    : {};
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const mailDue = sql`${applications.movedMailAt} is null or ${applications.movedMailAt} <= ${stamp} - make_interval(mins => ${APPLICATION_LIMITS.movedMailEveryMinutes})`;
  // The rows to move, locked, each with whether this move takes the hour's e-mail. Read under
  // the lock: a move of the same application on another connection that committed first is seen
  // (a locked row is re-read at its newest version), where comparing the stored time after the
  // update could not tell apart two moves stamped in the same millisecond, and both mailed.
  const before = tx.$with('before').as(
    tx
      .select({ id: applications.id, mailDue: sql<boolean>`${final ? sql`true` : mailDue}`.as('mail_due') })
      .from(applications)
      .where(and(where, notInArray(applications.status, [...FINAL_STATUSES])))
      .for('update'),
  );
  // One statement: the update, with the job, its studio and the performer of each changed row.
  const moved = tx.$with('moved').as(
    tx
      .update(applications)
      .set({
        status,
        history: historyAppend(status, at, decided.by),
        updatedAt: at,
        ...decision,
        ...(final ? {} : { movedMailAt: sql`case when ${before.mailDue} then ${stamp} else ${applications.movedMailAt} end` }),
      })
      .from(before)
      .where(eq(applications.id, before.id))
      .returning({
        id: applications.id,
        performerId: applications.performerId,
        jobId: applications.jobId,
        roleId: applications.roleId,
        mailNow: sql<boolean>`${before.mailDue}`.as('mail_now'),
      }),
  );
  const rows = await tx
    .with(before, moved)
    .select({
      id: moved.id,
      performerId: moved.performerId,
      mailNow: moved.mailNow,
      job: { title: jobs.title, studio: studios.fname, role: sql<string>`coalesce(${jobRoles.name}, '')` },
      person: { id: users.id, email: users.email, fname: users.fname, wantsMail: users.emailApplications },
    })
    .from(moved)
    .innerJoin(jobs, eq(jobs.id, moved.jobId))
    .innerJoin(studios, eq(studios.id, jobs.studioId))
    .leftJoin(jobRoles, eq(jobRoles.id, moved.roleId))
    .leftJoin(users, eq(users.id, moved.performerId));
  const changed = rows.map(({ id, performerId }) => ({ id, performerId }));
  if (undoable && changed.length > 0) {
    // Told once the undo window has passed, by the decision-notice sweep (decision-notices.ts).
    await tx.insert(decisionNotices).values(changed.map(({ id }) => ({ applicationId: id, status, dueAt: undoUntil })));
    return { changed, mails: [], events: [] };
  }
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
  const after = await tellPerformers(
    tx,
    told.map(({ id, mailNow, job, person }) => ({ job, person, status, reason, note, mailNow, collapseKey: final ? null : collapseKeyOf(id) })),
    mail,
  );
  return { changed, ...after };
}

/** One performer to tell of their application's move (a status change or a due decision notice). */
export interface PerformerNotice {
  job: JobBrief;
  person: { id: string; email: string; fname: string; wantsMail: boolean };
  status: ApplicationStatus;
  reason: DeclineReason | null;
  note: string;
  /** Whether this move e-mails (to a performer who wants application e-mails). */
  mailNow: boolean;
  /** Lets the notice replace the application's last unread one (moves that are not final). */
  collapseKey: string | null;
}

/**
 * The one way a move reaches performers (docs/applications.md, "Notifications and
 * e-mails"): the notifications and the live events, written in the caller's transaction,
 * and the e-mails for the caller to send once it commits.
 */
export async function tellPerformers(tx: Tx, told: readonly PerformerNotice[], mail: MailSettings): Promise<AfterCommit> {
  if (told.length === 0) return { mails: [], events: [] };
  await createNotifications(
    tx,
    told.map((t) => ({ userId: t.person.id, kind: 'application' as const, text: noticeText(t.status, t.job, t.reason), link: NOTICE_LINK, collapseKey: t.collapseKey })),
  );
  // The bell updates live: one event per performer, stored with the change, sent after it commits.
  const events = await recordEvents(tx, told.map((t) => t.person.id), { kind: 'notification', data: {} });
  const mails = told
    .filter((t) => t.mailNow && t.person.wantsMail)
    .map((t) => statusMail(t.person, t.job, t.status, mail.origin, { reason: t.reason, note: t.note }));
  return { mails, events };
}

export function statusMail(
  person: { email: string; fname: string },
  job: JobBrief,
  status: ApplicationStatus,
  origin: string,
  decided: { reason: DeclineReason | null; note: string } = { reason: null, note: '' },
): MailMessage {
  const line = APP_MSG.notice(status, job.title, job.studio, job.role);
  // The reason in words, and the studio's note with its line breaks (docs/applications.md, "Decisions").
  const said = [decided.reason ? DECISION_MSG.reasonLine(decided.reason) : '', decided.note ? DECISION_MSG.noteLine(decided.note) : ''].filter(Boolean);
  const link = `${origin}${NOTICE_LINK}`;
  const settings = `${origin}/settings`;
  return {
    to: person.email,
    subject: APP_MSG.mailSubject(status, job.title, job.role),
    text: [`Hello ${personName(person.fname)},`, '', line, ...said.flatMap((l) => ['', l]), '', `See all your applications: ${link}`, '', `You can turn these e-mails off at ${settings}.`].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p>Hello ${escapeHtml(personName(person.fname))},</p>
<p>${escapeHtml(line)}</p>
${said.map((l) => `<p style="white-space:pre-wrap">${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">See all your applications</a></p>
<p style="color:#6b6680">You can turn these e-mails off in your <a href="${escapeHtml(settings)}">settings</a>.</p>
</body></html>`,
  };
}

/**
 * Closing jobs closes every application still undecided, telling each performer once, with
 * the reason (role_closed unless the studio chose another) and its note; each closed
 * application's bookings are cancelled and its tape requests end (decision-ends.ts).
 */
export async function closeApplicationsOf(
  tx: Tx,
  jobIds: readonly string[],
  at: Date,
  mail: MailSettings,
  decided: { reason?: DeclineReason; note?: string } = {},
) {
  if (jobIds.length === 0) return { changed: [], mails: [], events: [] };
  const closed = await changeStatus(tx, inArray(applications.jobId, [...jobIds]), 'closed', at, mail, { reason: decided.reason ?? 'role_closed', note: decided.note ?? '' });
  // What hung on each closed application ends with it: its audition times, its tape requests.
  const ended = await endWhatHangsOn(tx, closed.changed.map((c) => c.id), 'closed', at);
  return { changed: closed.changed, ...bothAfter(closed, ended) };
}
