/**
 * The studio hears of what performers do (docs/applications.md, "The studio hears of what
 * performers do"): a tape sent, a request declined, an audition time booked or moved. In the
 * performer's own transaction the studio's bell gets a notice and its live stream a
 * `notification` event (both on the studio's account, which every member's bell and stream
 * read: docs/team.md, "Live events"), and the act is kept in `studio_activity`. The hourly
 * digest (the one digest mechanism, notifications/digest.ts) mails the owner and every member
 * what happened since the studio's last digest.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACTIVITY_TEXT } from '../../../contract/studio-activity-texts.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { jobs, studioActivity, studios, users } from '../../db/schema/index.js';
import type { BackgroundJob } from '../../background/runner.js';
import { createNotification, digestJob, mailSettings, runDigest, type Digest } from '../notifications/index.js';
import { recordEvents, type StoredEvent } from '../events/index.js';

/** At most one digest an hour per studio. */
export const ACTIVITY_DIGEST_EVERY_MS = 60 * 60_000;
/** A claim takes at most this many studios; the rest wait for the next minute. */
const CLAIM_MAX = 500;
/** Mailed rows are kept this long, then forgotten (only the last hour's decide the next digest). */
const KEEP_MAILED_MS = 24 * 60 * 60_000;

/** Where the studio sees what the act was about. */
export const activityLinks = {
  selfTapes: (jobId: string) => `/dashboard/jobs/${jobId}/self-tapes`,
  schedule: (jobId: string) => `/dashboard/jobs/${jobId}/schedule`,
  applicants: (jobId: string) => `/dashboard/jobs/${jobId}/applicants`,
};

/**
 * The act's line; one that names a time is written in the studio's zone (its owner's, from
 * /settings), since one line is read by every member's bell and digest (docs/team.md).
 */
export type ActivityLine = string | ((studioZone: string | null) => string);

/**
 * Tells the job's studio, in the caller's transaction: the notice, the live event (answered,
 * to deliver after the commit) and a row for the digest. A studio whose account is gone hears nothing.
 */
export async function tellStudioOfPerformer(tx: Tx, act: { jobId: string; line: ActivityLine; link: string }): Promise<StoredEvent[]> {
  const [studio] = await tx
    .select({ id: studios.id, ownerId: studios.ownerId, zone: users.timeZone })
    .from(jobs)
    .innerJoin(studios, eq(studios.id, jobs.studioId))
    .leftJoin(users, eq(users.id, studios.ownerId))
    .where(eq(jobs.id, act.jobId));
  if (!studio?.ownerId) return [];
  const line = typeof act.line === 'string' ? act.line : act.line(studio.zone);
  await tx.insert(studioActivity).values({ studioId: studio.id, jobId: act.jobId, line });
  await createNotification(tx, { userId: studio.ownerId, kind: 'activity', text: line, link: act.link });
  return recordEvents(tx, [studio.ownerId], { kind: 'notification', data: {} });
}

interface Claimed {
  studio_id: string;
  job_id: string;
  title: string;
  line: string;
}

/**
 * Claims, in one statement, every row not yet mailed of each studio whose last digest is over
 * an hour old, stamping `mailed_at`; an act committed meanwhile waits for the next digest.
 * Rows mailed over a day ago are forgotten in the same transaction.
 */
async function claim(tx: Tx, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  const quiet = new Date(now.getTime() - ACTIVITY_DIGEST_EVERY_MS).toISOString();
  await tx.execute(sql`delete from studio_activity where mailed_at < ${new Date(now.getTime() - KEEP_MAILED_MS).toISOString()}::timestamptz`);
  return rowsOf<Claimed>(tx, sql`
    with due as (
      select a.studio_id from studio_activity a
       where a.mailed_at is null
         and not exists (select 1 from studio_activity m where m.studio_id = a.studio_id and m.mailed_at > ${quiet}::timestamptz)
       group by a.studio_id
       order by a.studio_id
       limit ${CLAIM_MAX}
    ), claimed as (
      update studio_activity a set mailed_at = ${at}::timestamptz
        from due
       where a.studio_id = due.studio_id and a.mailed_at is null
      returning a.studio_id, a.job_id, a.line, a.created_at
    )
    select c.studio_id, c.job_id, j.title, c.line
      from claimed c join jobs j on j.id = c.job_id
     order by c.studio_id, c.created_at`);
}

interface Reader {
  studio_id: string;
  email: string;
  fname: string | null;
}

/** The owner and every member of each studio, when the studio wants casting e-mails (its owner's choice). */
function readersOf(ctx: AppContext, studioIds: string[]) {
  return rowsOf<Reader>(ctx.db, sql`
    select s.id as studio_id, u.email, u.fname
      from studios s
      join users o on o.id = s.owner_id
      join users u on u.id = o.id or u.member_of = o.id
     where s.id in (${sql.join(studioIds.map((id) => sql`${id}::uuid`), sql`, `)})
       and coalesce(o.email_applicants, false) and u.email is not null
     order by s.id, u.created_at`);
}

export function activityDigestMail(to: { email: string; fname: string }, acts: Claimed[], origin: string): MailMessage {
  const jobsOf = [...new Map(acts.map((a) => [a.job_id, a.title])).entries()];
  const settings = `${origin}/settings`;
  const intro = ACTIVITY_TEXT.digestIntro(acts.length);
  return {
    to: to.email,
    subject: ACTIVITY_TEXT.digestSubject(acts.length),
    text: [
      `Hello ${to.fname},`,
      '',
      intro,
      ...acts.map((a) => `- ${a.line}`),
      '',
      ...jobsOf.map(([id, title]) => `${ACTIVITY_TEXT.seeJob(title)}: ${origin}${activityLinks.applicants(id)}`),
      '',
      `${ACTIVITY_TEXT.turnOff} ${settings}`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p>Hello ${escapeHtml(to.fname)},</p>
<p>${escapeHtml(intro)}</p>
<ul>${acts.map((a) => `<li>${escapeHtml(a.line)}</li>`).join('')}</ul>
<p>${jobsOf.map(([id, title]) => `<a href="${escapeHtml(`${origin}${activityLinks.applicants(id)}`)}">${escapeHtml(ACTIVITY_TEXT.seeJob(title))}</a>`).join('<br>')}</p>
<p style="color:#6b6680">${escapeHtml(ACTIVITY_TEXT.turnOff)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>
</body></html>`,
  };
}

function activityDigest(ctx: AppContext): Digest<Claimed> {
  const { origin } = mailSettings(ctx.config.env);
  return {
    name: 'activity-digest',
    claim,
    async mails(claimed) {
      const byStudio = new Map<string, Claimed[]>();
      for (const c of claimed) byStudio.set(c.studio_id, [...(byStudio.get(c.studio_id) ?? []), c]);
      const readers = await readersOf(ctx, [...byStudio.keys()]);
      return readers.map((r) => activityDigestMail({ email: r.email, fname: r.fname ?? '' }, byStudio.get(r.studio_id)!, origin));
    },
  };
}

/** One pass (tests call it with their own clock). */
export function runActivityDigest(ctx: AppContext, log: Pick<FastifyBaseLogger, 'error'>, now = new Date()): Promise<{ mailed: number }> {
  return runDigest(ctx, log, activityDigest(ctx), now);
}

/** The digest of what performers did, one instance at a time (src/server/background/jobs.ts). */
export function activityDigestJob(ctx: AppContext, log: FastifyBaseLogger, clock: () => Date = () => new Date()): BackgroundJob {
  return digestJob(ctx, log, activityDigest(ctx), clock);
}
