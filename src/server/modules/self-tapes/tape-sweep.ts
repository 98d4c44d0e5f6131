/**
 * The self-tape sweep (docs/self-tapes.md, "Reminders and expiry"): one reminder e-mail 24
 * hours before the deadline to a performer who accepted and has not sent a tape, and
 * `expired` for a request past its deadline without one. Its state is in the rows
 * (`reminded_at`, `status`); the background runner's lease lets one instance run it at a
 * time, and the due rows are claimed in one UPDATE before any mail leaves.
 */
import { sql } from 'drizzle-orm';
import { TAPE_LIMITS, TAPE_MSG } from '../../../contract/self-tapes.js';
import { readerTime } from '../../../contract/time-zones.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { mailSettings, type MailSettings } from '../applications/index.js';
import { sendAfterCommit, type AfterCommit } from '../notifications/index.js';
import type { BackgroundJob } from '../../background/runner.js';

const SWEEP_EVERY_MS = 5 * 60_000;

export type TapeSweepResult = { reminded: number; expired: number } & AfterCommit;

interface Claimed {
  email: string | null;
  fname: string | null;
  title: string;
  deadline: string | Date;
  time_zone: string | null;
}

export async function runTapeSweep(db: Db, opts: { now?: Date; mail?: MailSettings } = {}): Promise<TapeSweepResult> {
  const now = opts.now ?? new Date();
  const origin = (opts.mail ?? { origin: '' }).origin;
  return db.transaction(async (tx) => {
    const at = sql`${now.toISOString()}::timestamptz`;
    const expired = await rowsOf<{ id: string }>(tx, sql`
      update tape_requests set status = 'expired'
       where status in ('requested', 'accepted', 'retake') and deadline <= ${at}
      returning id`);
    const claimed = await rowsOf<Claimed>(tx, sql`
      with due as (
        update tape_requests set reminded_at = ${at}
         where status in ('accepted', 'retake') and reminded_at is null
           and deadline > ${at} and deadline <= ${at} + make_interval(hours => ${TAPE_LIMITS.reminderHoursBefore})
        returning job_id, performer_id, deadline
      )
      select u.email, u.fname, j.title, due.deadline, u.time_zone
        from due join jobs j on j.id = due.job_id left join users u on u.id = due.performer_id`);
    const mails = claimed.flatMap((c): MailMessage[] => {
      if (!c.email) return [];
      const when = readerTime(new Date(c.deadline), c.time_zone);
      const line = TAPE_MSG.reminderLine(c.title, when);
      const link = `${origin}/applications`;
      return [
        {
          to: c.email,
          subject: TAPE_MSG.reminderSubject(c.title),
          text: [`Hello ${c.fname ?? ''},`, '', line, '', `Send it: ${link}`].join('\n'),
          html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933"><p>Hello ${escapeHtml(c.fname ?? '')},</p><p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">Send it</a></p></body></html>`,
        },
      ];
    });
    return { reminded: claimed.length, expired: expired.length, mails, events: [] };
  });
}

/** Reminders and expiry as a background job, one instance at a time (src/server/background/jobs.ts). */
export function tapeSweepJob(ctx: AppContext, log: { error(obj: unknown, msg: string): void }): BackgroundJob {
  const mail = mailSettings(ctx.config.env);
  return {
    name: 'tape-sweep',
    everyMs: SWEEP_EVERY_MS,
    runsOn: 'one',
    async run() {
      const r = await runTapeSweep(ctx.db, { mail });
      await sendAfterCommit(ctx, r, log);
      return { reminded: r.reminded, expired: r.expired };
    },
  };
}
