/**
 * The studio hears of applicants (docs/applications.md "The studio hears of applicants"):
 * each application tells the studio at once, in the app and on its live stream, inside the
 * apply transaction; and adds one to its job's row in `applicant_digests`, which the digest
 * sweep mails at most once an hour per job ("3 new applicants for Lead Actor").
 *
 * The sweep keeps its state in the database only, so a restart neither loses nor repeats a
 * mail; it runs each minute on one instance at a time (the background runner's lease), and the
 * due rows are claimed in one UPDATE before any mail leaves, as the unread-message mail does.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { APP_MSG } from '../../../contract/applications.js';
import type { AppContext } from '../../context.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';
import { rowsOf } from '../../db/raw.js';
import { applicantDigests } from '../../db/schema/index.js';
import { recordEvents, type StoredEvent } from '../events/index.js';
import type { Tx } from '../../db/client.js';
import { createNotification, digestJob, runDigest, type Digest } from '../notifications/index.js';
import { mailSettings } from './status-change.js';
import { personName } from '../../../contract/names.js';
import type { BackgroundJob } from '../../background/runner.js';

/** At most one digest an hour per job. */
export const DIGEST_EVERY_MS = 60 * 60_000;
/** A claim takes at most this many jobs; the rest wait for the next minute. */
const CLAIM_MAX = 500;

/** Where a studio sees a job's applicants: the applicant board. */
export const applicantsLink = (jobId: string) => `/dashboard/jobs/${jobId}/applicants`;

/**
 * Tells the job's studio of one new applicant, in the apply transaction: the notice, the
 * live event (answered, to deliver after the commit) and one more for the job's digest.
 */
export async function tellStudioOfApplicant(
  tx: Tx,
  applicant: { jobId: string; jobTitle: string; roleName?: string; studioUserId: string | null; performerName: string },
): Promise<StoredEvent[]> {
  await tx
    .insert(applicantDigests)
    .values({ jobId: applicant.jobId, pending: 1 })
    .onConflictDoUpdate({ target: applicantDigests.jobId, set: { pending: sql`${applicantDigests.pending} + 1` } });
  // A studio whose account is gone has nobody to tell (its jobs are closed anyway).
  if (!applicant.studioUserId) return [];
  await createNotification(tx, {
    userId: applicant.studioUserId,
    kind: 'applicant',
    text: APP_MSG.applicantNotice(personName(applicant.performerName), applicant.jobTitle, applicant.roleName),
    link: applicantsLink(applicant.jobId),
  });
  return recordEvents(tx, [applicant.studioUserId], { kind: 'notification', data: {} });
}

interface Claimed {
  job_id: string;
  /** Applications since the last e-mail (one a role). */
  n: number | string;
  /** The people who sent them. */
  people: number | string;
  /** The roles those applications are for, in the job's order. */
  roles: string[] | null;
  title: string;
  email: string | null;
  fname: string | null;
  wants: boolean | null;
}

/**
 * Claims every due job in one statement: its count is taken off `pending` (an application
 * committed meanwhile stays counted for the next digest) and, when its studio wants the
 * e-mail, `mailed_at` is stamped, which holds the next one back for an hour.
 */
function claim(tx: Tx, now: Date) {
  const quiet = new Date(now.getTime() - DIGEST_EVERY_MS);
  return rowsOf<Claimed>(tx, sql`
    update applicant_digests d
       set pending = d.pending - c.n,
           mailed_at = case when c.wants then ${now.toISOString()}::timestamptz else d.mailed_at end
      from (
        select g.job_id, g.pending as n, j.title,
               -- The job's newest applications are the ones counted since the last e-mail.
               (select count(distinct l.performer_id)
                  from (select a.performer_id from applications a where a.job_id = g.job_id order by a.created_at desc limit g.pending) l) as people,
               -- And the roles they are for, so the subject names them (issue 49 item 2).
               (select array_agg(r.name order by r.position)
                  from job_roles r
                 where r.id in (select a.role_id from applications a where a.job_id = g.job_id order by a.created_at desc limit g.pending)) as roles,
               u.email, u.fname, coalesce(u.email_applicants, false) as wants
          from applicant_digests g
          join jobs j on j.id = g.job_id
          join studios s on s.id = j.studio_id
          left join users u on u.id = s.owner_id
         where g.pending > 0 and (g.mailed_at is null or g.mailed_at <= ${quiet.toISOString()}::timestamptz)
         order by g.job_id
         limit ${CLAIM_MAX}
      ) c
     where d.job_id = c.job_id
    returning c.job_id, c.n, c.people, c.roles, c.title, c.email, c.fname, c.wants`);
}

function digestMail(to: { email: string; fname: string }, count: { people: number; applications: number }, job: { id: string; title: string; roles: string[] }, origin: string): MailMessage {
  const line = APP_MSG.applicantsMailLine(count.people, count.applications, job.title);
  const link = `${origin}${applicantsLink(job.id)}`;
  const settings = `${origin}/settings`;
  return {
    to: to.email,
    subject: APP_MSG.applicantsMailSubject(count.people, job.title, job.roles),
    text: [`Hello ${to.fname},`, '', line, '', `${APP_MSG.seeApplicants}: ${link}`, '', `You can turn these e-mails off at ${settings}.`].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p>Hello ${escapeHtml(to.fname)},</p>
<p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(APP_MSG.seeApplicants)}</a></p>
<p style="color:#6b6680">You can turn these e-mails off in your <a href="${escapeHtml(settings)}">settings</a>.</p>
</body></html>`,
  };
}

/** The applicant digest on the one digest mechanism (notifications/digest.ts). */
function applicantDigest(ctx: AppContext): Digest<Claimed> {
  const { origin } = mailSettings(ctx.config.env);
  return {
    name: 'applicant-digest',
    claim,
    mails: (claimed) =>
      claimed.flatMap((c) =>
        c.wants && c.email ? [digestMail({ email: c.email, fname: c.fname ?? '' }, { people: Number(c.people), applications: Number(c.n) }, { id: c.job_id, title: c.title, roles: c.roles ?? [] }, origin)] : [],
      ),
  };
}

/** One run: claims the due digests, commits, then mails them (one run at a time: the runner's lease). */
export function runApplicantDigest(ctx: AppContext, log: Pick<FastifyBaseLogger, 'error'>, now = new Date()): Promise<{ mailed: number }> {
  return runDigest(ctx, log, applicantDigest(ctx), now);
}

/** The applicant digest as a background job, one instance at a time (src/server/background/jobs.ts). */
export function applicantDigestJob(ctx: AppContext, log: FastifyBaseLogger, clock: () => Date = () => new Date()): BackgroundJob {
  return digestJob(ctx, log, applicantDigest(ctx), clock);
}
