/**
 * Every background job of the app, in one list (docs/architecture.md, "Background work"
 * has the same table with what each does). main.ts gives them to the runner; the test
 * suites run a job's pass themselves, with a clock they choose.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { PGLITE_MAINTENANCE_MS, type Database } from '../db/client.js';
import { applicantDigestJob, decisionNoticesJob } from '../modules/applications/index.js';
import { eventsSweepJob } from '../modules/events/index.js';
import { guardianSweepJob } from '../modules/guardians/index.js';
import { deadlineSweepJob } from '../modules/jobs/index.js';
import type { Metrics } from '../metrics.js';
import { conversionBackfillJob, conversionJob, fileDeletionsJob, ownDiskJob, resumableSweepJob, UPLOAD_OWNER, uploadOwnerJob, uploadSweepJob } from '../modules/media/index.js';
import { unreadMailJob } from '../modules/messages/index.js';
import { mailRetryJob } from '../modules/notifications/index.js';
import { sidesSweepJob, tapeSweepJob } from '../modules/self-tapes/index.js';
import { slotRemindersJob } from '../modules/slots/index.js';
import { activityDigestJob } from '../modules/studio-activity/index.js';
import type { BackgroundJob } from './runner.js';

export function backgroundJobs(ctx: AppContext, log: FastifyBaseLogger, metrics?: Metrics): BackgroundJob[] {
  return [
    decisionNoticesJob(ctx, log),
    slotRemindersJob(ctx, log),
    tapeSweepJob(ctx, log),
    sidesSweepJob(ctx, log),
    deadlineSweepJob(ctx, log),
    applicantDigestJob(ctx, log),
    activityDigestJob(ctx, log),
    unreadMailJob(ctx, log),
    eventsSweepJob(ctx.db),
    fileDeletionsJob(ctx, log),
    uploadSweepJob(ctx, log),
    ownDiskJob(ctx, log),
    resumableSweepJob(ctx),
    mailRetryJob(ctx, log),
    conversionJob(ctx, log, UPLOAD_OWNER, metrics),
    conversionBackfillJob(ctx),
    // PostgreSQL only: on PGlite, one process's database, no other instance reads the lease.
    ...(ctx.database.engine === 'postgres' ? [uploadOwnerJob(ctx)] : []),
    // PGlite only: PostgreSQL's own autovacuum does this there (docs/embedded-database.md).
    ...(ctx.database.engine === 'pglite' ? [databaseMaintenanceJob(ctx.database)] : []),
    guardianSweepJob(ctx),
  ];
}

/** Autovacuum's part on PGlite, on every instance (there is one): VACUUM ANALYZE of the tables that grew. */
export function databaseMaintenanceJob(database: Database): BackgroundJob {
  return {
    name: 'database-maintenance',
    everyMs: PGLITE_MAINTENANCE_MS,
    runsOn: 'every',
    run: async () => ({ vacuumed: (await database.maintain()).length }),
  };
}
