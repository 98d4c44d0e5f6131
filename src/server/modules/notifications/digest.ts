/**
 * One way to e-mail a digest (docs/applications.md, "The studio hears of applicants" and
 * "The studio hears of what performers do"): each minute, on one instance at a time (the
 * runner's lease), one statement claims what is due and stamps it, the transaction commits,
 * and only then do the mails leave, each sent or kept for a retry (mail-outbox.ts). The state
 * is only in the rows, so a restart neither loses nor repeats a digest.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { BackgroundJob } from '../../background/runner.js';
import { sendOrKeep } from './mail-outbox.js';

/** A digest sweep passes each minute; each digest's own quiet hour is in its claim. */
export const DIGEST_SWEEP_EVERY_MS = 60_000;

export interface Digest<Claimed> {
  /** The background job's name. */
  name: string;
  /** Claims what is due in one statement, stamping it (the next digest waits from the stamp). */
  claim(tx: Tx, now: Date): Promise<Claimed[]>;
  /** The mails one claimed digest sends (none when nobody wants it). */
  mails(claimed: Claimed[]): Promise<MailMessage[]> | MailMessage[];
}

/** One pass: claim and commit, then mail. A refused mail is kept and retried; the notices are in the app meanwhile. */
export async function runDigest<Claimed>(ctx: AppContext, log: Pick<FastifyBaseLogger, 'error'>, digest: Digest<Claimed>, now = new Date()): Promise<{ mailed: number }> {
  const claimed = await ctx.db.transaction((tx) => digest.claim(tx, now));
  if (claimed.length === 0) return { mailed: 0 };
  let mailed = 0;
  for (const message of await digest.mails(claimed)) {
    if ((await sendOrKeep(ctx, message, log)) === 'sent') mailed += 1;
  }
  return { mailed };
}

/** The digest as a background job, one instance at a time (src/server/background/jobs.ts). */
export function digestJob<Claimed>(ctx: AppContext, log: FastifyBaseLogger, digest: Digest<Claimed>, clock: () => Date = () => new Date()): BackgroundJob {
  return { name: digest.name, everyMs: DIGEST_SWEEP_EVERY_MS, runsOn: 'one', run: () => runDigest(ctx, log, digest, clock()) };
}
