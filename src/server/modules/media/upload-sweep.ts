/**
 * What a crashed process leaves of its uploads is removed (docs/faults.md, "Uploads"): each
 * process start has an owner id, written on every reservation it makes with the key its file
 * is being written to. At start and then every 15 s, on one instance at a time (the
 * background runner's lease), reservations whose owner is gone are deleted, after their partial file on
 * disk or their unfinished multipart upload in the bucket.
 *
 * An owner is alive while its lease is (`upload_owners`): a row the process takes at start and
 * renews every 10 s through the app's pool (the `upload-owner` job of the background runner), valid for 30 s on the database's clock. A connection that drops
 * and comes back (a failover, an idle-connection killer) costs a renewal or two, never the
 * lease; a killed process's lease runs out within 30 s. PGlite is one process's database, so
 * there every owner but this process's is gone.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { uploadOwners, uploadReservations } from '../../db/schema/index.js';
import type { BackgroundJob } from '../../background/runner.js';

/** This process start's owner id: every reservation it makes carries it. */
export const UPLOAD_OWNER = randomUUID();
// Every 15 s: a crashed process's lease runs out within 30 s, so what it left is gone within 45 s.
export const UPLOAD_SWEEP_EVERY_MS = 15_000;
/** How long a lease lasts after its renewal, and how often it is renewed: a few renewals may fail in a row. */
export const OWNER_LEASE_SECONDS = 30;
export const OWNER_RENEW_MS = 10_000;

const renewLease = (ctx: AppContext) =>
  ctx.db
    .insert(uploadOwners)
    .values({ ownerId: UPLOAD_OWNER, expiresAt: sql`now() + make_interval(secs => ${OWNER_LEASE_SECONDS})` })
    .onConflictDoUpdate({ target: uploadOwners.ownerId, set: { expiresAt: sql`excluded.expires_at` } });

/**
 * Takes this process's lease (PostgreSQL) before any upload is taken; `uploadOwnerJob` renews
 * it. Answers its release, for a stop once the renewals have ended.
 */
export async function holdUploadOwner(ctx: AppContext): Promise<() => Promise<void>> {
  if (ctx.database.engine !== 'postgres') return async () => {};
  await renewLease(ctx);
  return async () => {
    await ctx.db.delete(uploadOwners).where(eq(uploadOwners.ownerId, UPLOAD_OWNER));
  };
}

/**
 * Renewing this process's lease as a background job on every instance, PostgreSQL only
 * (src/server/background/jobs.ts). A failed renewal is retried after 5 s, and reported from the
 * third in a row; the lease lasts 30 s.
 */
export function uploadOwnerJob(ctx: AppContext): BackgroundJob {
  return {
    name: 'upload-owner',
    everyMs: OWNER_RENEW_MS,
    runsOn: 'every',
    async run() {
      await renewLease(ctx);
    },
  };
}

export type UploadSweepResult = { reservations: number; pieces: number };

/** One pass: removes the reservations, partial files and unfinished uploads of owners that are gone. */
export async function sweepAbandonedUploads(ctx: AppContext, log: FastifyBaseLogger): Promise<UploadSweepResult> {
  return ctx.db.transaction(async (tx) => {
    const others = await tx
      .selectDistinct({ owner: uploadReservations.ownerId })
      .from(uploadReservations)
      .where(and(isNotNull(uploadReservations.ownerId), ne(uploadReservations.ownerId, UPLOAD_OWNER)));
    const alive = new Set(
      ctx.database.engine === 'pglite'
        ? []
        : (await tx.select({ owner: uploadOwners.ownerId }).from(uploadOwners).where(gt(uploadOwners.expiresAt, sql`now()`))).map((r) => r.owner),
    );
    await tx.delete(uploadOwners).where(lte(uploadOwners.expiresAt, sql`now()`));
    let reservations = 0;
    let pieces = 0;
    for (const { owner } of others) {
      if (!owner || alive.has(owner)) continue;
      const rows = await tx
        .select({ id: uploadReservations.id, key: uploadReservations.storageKey })
        .from(uploadReservations)
        .where(eq(uploadReservations.ownerId, owner));
      for (const row of rows) {
        // The pieces first: a reservation deleted before them would leave nothing to find them by.
        if (row.key) {
          try {
            pieces += await ctx.storage.abandon(row.key);
          } catch (err) {
            log.warn({ err, key: row.key }, 'an abandoned upload could not be removed; the sweep will retry');
            continue;
          }
        }
        await tx.delete(uploadReservations).where(eq(uploadReservations.id, row.id));
        reservations += 1;
      }
    }
    return { reservations, pieces };
  });
}

/** The sweep as a background job, one instance at a time; its first pass at start removes what a crash left (src/server/background/jobs.ts). */
export function uploadSweepJob(ctx: AppContext, log: FastifyBaseLogger): BackgroundJob {
  return {
    name: 'upload-sweep',
    everyMs: UPLOAD_SWEEP_EVERY_MS,
    runsOn: 'one',
    run: () => sweepAbandonedUploads(ctx, log),
  };
}

/** How long a partial file must have been left alone before a start takes it for a crash's (a live put writes it continuously). */
export const STALE_PART_MS = 30_000;

/**
 * Removes what a crash of an earlier start left on this instance's own disk: another
 * instance's sweep removes a crashed owner's reservation but can reach only its own disk.
 * At start and once more a minute later (by then a predecessor's files are stale too).
 */
export async function cleanOwnDisk(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const removed = (await ctx.storage.abandonStale?.(STALE_PART_MS)) ?? 0;
  if (removed > 0) log.info({ removed }, 'removed partial files an earlier start left on this disk');
  return removed;
}

/**
 * Cleaning this instance's own disk as a background job on every instance: at start and once
 * more a minute later (by then a predecessor's files are stale too), then no more, so an
 * upload that pauses for a while later on keeps its partial file.
 */
export function ownDiskJob(ctx: AppContext, log: FastifyBaseLogger): BackgroundJob {
  return {
    name: 'own-disk',
    everyMs: 60_000,
    passesPerStart: 2,
    runsOn: 'every',
    run: async () => ({ removed: await cleanOwnDisk(ctx, log) }),
  };
}
