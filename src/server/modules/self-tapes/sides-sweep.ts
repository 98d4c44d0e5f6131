/**
 * Sides no request uses are removed after a grace period (docs/self-tapes.md, "Sides"): a
 * file older than `TAPE_LIMITS.unusedSidesDays` that no tape request names loses its row, and
 * its stored file is queued for deletion in the same transaction (media/file-deletions.ts),
 * then deleted. Hourly, one instance at a time (the background runner's lease). A
 * request being made holds its file's row (FOR SHARE) to its commit, so the sweep skips it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { TAPE_LIMITS } from '../../../contract/self-tapes.js';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/raw.js';
import { deleteQueuedFiles, queueFileDeletions } from '../media/index.js';
import type { BackgroundJob } from '../../background/runner.js';

const SWEEP_EVERY_MS = 60 * 60_000;
const BATCH = 500;

export type SidesSweepResult = { removed: number };

export async function runSidesSweep(ctx: AppContext, log: FastifyBaseLogger, now = new Date()): Promise<SidesSweepResult> {
  const keys = await ctx.db.transaction(async (tx) => {
    const removed = await rowsOf<{ storage_key: string }>(tx, sql`
      delete from studio_files where id in (
        select f.id from studio_files f
         where f.created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${TAPE_LIMITS.unusedSidesDays})
           and not exists (select 1 from tape_requests r where r.sides_file_id = f.id)
         order by f.created_at
         limit ${BATCH}
         for update skip locked)
      returning storage_key`);
    const keys = removed.map((r) => r.storage_key);
    await queueFileDeletions(tx, keys);
    return keys;
  });
  await deleteQueuedFiles(ctx, keys, log);
  return { removed: keys.length };
}

/** Removing unused sides as a background job, one instance at a time (src/server/background/jobs.ts). */
export function sidesSweepJob(ctx: AppContext, log: FastifyBaseLogger): BackgroundJob {
  return {
    name: 'sides-sweep',
    everyMs: SWEEP_EVERY_MS,
    runsOn: 'one',
    run: () => runSidesSweep(ctx, log),
  };
}
