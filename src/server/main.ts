/** Starts the portal: reads settings, opens the stores, listens, and stops gracefully. */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { closeContext, createContext } from './context.js';
import { seedDemoIfEmpty } from './db/seed.js';
import { startFileDeletionSweep } from './modules/account/index.js';
import { startDecisionNoticeSweep } from './modules/applications/index.js';
import { holdUploadOwner, startResumableSweep, startUploadSweep } from './modules/media/index.js';
import { startSlotReminders } from './modules/slots/index.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const ctx = await createContext(config, (line) => console.log(line));
  // PGlite has no autovacuum: fresh rows get their statistics before the first search.
  if ((await seedDemoIfEmpty(ctx)) > 0) await ctx.database.maintain();
  const app = await buildApp(ctx);
  // Held before the first upload: other instances read a free lock as this process gone (docs/faults.md).
  const releaseUploadOwner = await holdUploadOwner(ctx);
  await app.listen({ port: config.env.PORT, host: config.env.HOST });
  const stopSweep = startFileDeletionSweep(ctx, app.log);
  // Also removes at once what a crash of the previous start left of its uploads.
  const stopUploadSweep = startUploadSweep(ctx, app.log);
  // Resumable uploads unused 24 hours after their last byte: their bytes go (docs/media.md).
  const stopResumableSweep = startResumableSweep(ctx, app.log);
  // Audition reminders, one instance at a time under an advisory lock (docs/slots.md).
  const stopSlotReminders = startSlotReminders(ctx, app.log);
  // Notices of bookings and declines whose undo window passed, on every instance (docs/applications.md).
  const stopDecisionSweep = startDecisionNoticeSweep(ctx, app.log);
  app.log.info({ startupMs: Math.round(performance.now()), database: ctx.database.engine }, 'ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopSweep();
    stopUploadSweep();
    stopResumableSweep();
    stopSlotReminders();
    stopDecisionSweep();
    await app.close();
    await releaseUploadOwner();
    await closeContext(ctx);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
