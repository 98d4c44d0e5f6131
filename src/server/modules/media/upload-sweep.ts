/**
 * What a crashed process leaves of its uploads is removed (docs/faults.md, "Uploads"): each
 * process start has an owner id, written on every reservation it makes with the key its file
 * is being written to. At start and then every minute, on one instance at a time (an
 * advisory lock), reservations whose owner is gone are deleted, after their partial file on
 * disk or their unfinished multipart upload in the bucket.
 *
 * An owner is alive while its session lock is held (db/session-lock.ts): on PostgreSQL the
 * process keeps it on a connection of its own, which ends with the process. PGlite is one
 * process's database, so there every owner but this process's is gone.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { tryTransactionLock } from '../../db/raw.js';
import { uploadReservations } from '../../db/schema/index.js';
import { holdSessionLock, isSessionLockFree } from '../../db/session-lock.js';
import type { BackgroundJob } from '../../background/runner.js';

/** This process start's owner id: every reservation it makes carries it. */
export const UPLOAD_OWNER = randomUUID();
const OWNER_LOCKS = 'audition:upload-owner';
export const UPLOAD_SWEEP_EVERY_MS = 60_000;

/** Holds this process's owner lock (PostgreSQL), before any upload is taken. Answers its release. */
export async function holdUploadOwner(ctx: AppContext): Promise<() => Promise<void>> {
  const url = ctx.config.env.DATABASE_URL;
  if (ctx.database.engine !== 'postgres' || !url) return async () => {};
  return holdSessionLock(url, OWNER_LOCKS, UPLOAD_OWNER);
}

export type UploadSweepResult = { ran: false } | { ran: true; reservations: number; pieces: number };

/** One pass: removes the reservations, partial files and unfinished uploads of owners that are gone. */
export async function sweepAbandonedUploads(ctx: AppContext, log: FastifyBaseLogger): Promise<UploadSweepResult> {
  return ctx.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, 'audition:upload-sweep'))) return { ran: false } as const;
    const others = await tx
      .selectDistinct({ owner: uploadReservations.ownerId })
      .from(uploadReservations)
      .where(and(isNotNull(uploadReservations.ownerId), ne(uploadReservations.ownerId, UPLOAD_OWNER)));
    let reservations = 0;
    let pieces = 0;
    for (const { owner } of others) {
      if (!owner) continue;
      const gone = ctx.database.engine === 'pglite' || (await isSessionLockFree(tx, OWNER_LOCKS, owner));
      if (!gone) continue;
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
    return { ran: true, reservations, pieces } as const;
  });
}

/** The sweep as a background job, one instance at a time; its first pass at start removes what a crash left (src/server/background/jobs.ts). */
export function uploadSweepJob(ctx: AppContext, log: FastifyBaseLogger): BackgroundJob {
  return {
    name: 'upload-sweep',
    everyMs: UPLOAD_SWEEP_EVERY_MS,
    runsOn: 'one',
    async run() {
      const r = await sweepAbandonedUploads(ctx, log);
      return r.ran ? { reservations: r.reservations, pieces: r.pieces } : undefined;
    },
  };
}
