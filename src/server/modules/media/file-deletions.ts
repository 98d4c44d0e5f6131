/**
 * Files to delete from storage once the rows that named them are gone (docs/account.md).
 * The keys are written in the deleting transaction, so a crash or a storage outage
 * after the commit loses nothing: the sweep deletes them later, on whichever instance
 * leases them first.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/raw.js';
import { pendingFileDeletions } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import type { BackgroundJob } from '../../background/runner.js';

/** How long a leased key is left to one instance before another may try it. */
const LEASE_SECONDS = 300;
const BATCH = 100;
export const SWEEP_INTERVAL_MS = 60_000;

export async function queueFileDeletions(tx: Tx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.insert(pendingFileDeletions).values(keys.map((key) => ({ key }))).onConflictDoNothing();
}

/** Deletes these queued keys now; any that fail stay queued for the sweep. */
export async function deleteQueuedFiles(ctx: AppContext, keys: string[], log: FastifyBaseLogger): Promise<number> {
  let failed = 0;
  const done: string[] = [];
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
      done.push(key);
    } catch (err) {
      failed += 1;
      log.warn({ err, key }, 'stored file not deleted; the sweep will retry');
      await ctx.db
        .update(pendingFileDeletions)
        .set({ attempts: sql`${pendingFileDeletions.attempts} + 1`, lastError: String((err as Error).message ?? err).slice(0, 500) })
        .where(inArray(pendingFileDeletions.key, [key]));
    }
  }
  if (done.length > 0) await ctx.db.delete(pendingFileDeletions).where(inArray(pendingFileDeletions.key, done));
  return failed;
}

/**
 * One pass of the sweep: leases due keys (pushing their next attempt out, so another
 * instance skips them) and deletes their files. Answers how many were deleted.
 */
export async function sweepFileDeletions(ctx: AppContext, log: FastifyBaseLogger): Promise<{ deleted: number; failed: number }> {
  const leased = await rowsOf<{ key: string }>(ctx.db, sql`
    update ${pendingFileDeletions}
       set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
     where key in (
       select key from ${pendingFileDeletions}
        where next_attempt_at <= now()
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked)
     returning key`);
  const keys = leased.map((r) => r.key);
  const failed = await deleteQueuedFiles(ctx, keys, log);
  return { deleted: keys.length - failed, failed };
}

/** Queued file deletions as a background job on every instance: each leases its own rows (src/server/background/jobs.ts). */
export function fileDeletionsJob(ctx: AppContext, log: FastifyBaseLogger): BackgroundJob {
  return {
    name: 'file-deletions',
    everyMs: SWEEP_INTERVAL_MS,
    runsOn: 'every',
    run: () => sweepFileDeletions(ctx, log),
  };
}
