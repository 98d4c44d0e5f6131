/** Starts the portal: reads settings, opens the stores, listens, and stops gracefully. */
import { ConfigError, loadConfig } from './config.js';

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
  // The rest of the app is loaded only once the settings are good: a refused start says why
  // at once, without loading every module first.
  const [{ buildApp }, { closeContext, createContext }, { seedDemoIfEmpty }, { backgroundJobs }, { createRunner }, { createMetrics }, { holdUploadOwner }] = await Promise.all([
    import('./app.js'),
    import('./context.js'),
    import('./seed/index.js'),
    import('./background/jobs.js'),
    import('./background/runner.js'),
    import('./metrics.js'),
    import('./modules/media/index.js'),
  ]);
  const ctx = await createContext(config, (line) => console.log(line));
  // PGlite has no autovacuum: fresh rows get their statistics before the first search.
  if ((await seedDemoIfEmpty(ctx)) > 0) await ctx.database.maintain();
  const metrics = createMetrics(ctx);
  const app = await buildApp(ctx, { metrics });
  // Taken before the first upload: other instances read an expired lease as this process gone (docs/faults.md).
  const releaseUploadOwner = await holdUploadOwner(ctx);
  await app.listen({ port: config.env.PORT, host: config.env.HOST });
  // Every job runs once at start (so a fleet restarted often still sends its reminders, and
  // what a crash left of uploads goes at once), then on its own schedule.
  const runner = createRunner({ db: ctx.db, log: app.log, metrics });
  for (const job of backgroundJobs(ctx, app.log, metrics)) runner.add(job);
  runner.start();
  app.log.info({ startupMs: Math.round(performance.now()), database: ctx.database.engine }, 'ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await runner.stop();
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
