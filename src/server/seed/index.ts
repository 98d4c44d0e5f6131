/**
 * Demo data (docs/product.md §12): the demo studios with their jobs on an empty database
 * unless SEED_DEMO=0, and a fast seeder of N studios for the benchmark.
 */
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { seedDemoPerformers } from './performers.js';
import { seedDemoApplications } from './demo-applications.js';
import { seedDemoReviewLink } from './demo-review.js';
import { seedDemoCallbacks } from './demo-callbacks.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoGuardians } from './demo-guardians.js';
import { seedDemoAvailability } from './demo-availability.js';
import { seedDemoStudioAccounts } from './studio-accounts.js';
import { seedDemoTeam } from './demo-team.js';
import { seedDemoTapes } from './demo-tapes.js';
import { jobRoles, jobs, studios } from '../db/schema/index.js';
import {
  BENCH_WORDS,
  DEMO_STUDIOS,
  demoBanner,
  demoJobs,
  demoLogo,
  describeStudio,
  jobImages,
  DEMO_IMAGES,
  demoJobFields,
} from './data.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Seeds the demo studios when the studios table is empty and SEED_DEMO is not 0.
 * An advisory lock keeps two instances starting together from seeding twice.
 * Answers how many studios it added.
 */
export async function seedDemoIfEmpty(ctx: AppContext, log: (line: string) => void = console.log): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0') return 0;
  const added = await seedDemo(ctx.db);
  if (added > 0) log(`seeded ${added} demo studios with their jobs (SEED_DEMO=0 turns this off)`);
  await seedDemoStudioAccounts(ctx, log);
  await seedDemoPerformers(ctx, log);
  await seedDemoApplications(ctx, log);
  await seedDemoReviewLink(ctx, log);
  // Made with ffmpeg: a machine where it cannot run still starts, without the demo tapes.
  await seedDemoTapes(ctx, log).catch((err: Error) => log(`demo tapes not made: ${err.message}`));
  await seedDemoCallbacks(ctx, log);
  await seedDemoMessages(ctx, log);
  await seedDemoGuardians(ctx, log);
  await seedDemoTeam(ctx, log);
  await seedDemoAvailability(ctx, log);
  return added;
}

/** Inserts the demo studios and their jobs in one transaction, only into an empty table. */
export async function seedDemo(db: Db, opts: { now?: Date } = {}): Promise<number> {
  const now = (opts.now ?? new Date()).getTime();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('audition:seed-demo'))`);
    // One row is enough to know: no count over a table that may hold 100 000 studios.
    const [any] = await tx.select({ id: studios.id }).from(studios).limit(1);
    if (any) return 0;
    const total = DEMO_STUDIOS.length;
    const inserted = await tx
      .insert(studios)
      .values(
        DEMO_STUDIOS.map((seed, i) => ({
          fname: seed.fname,
          location: seed.location,
          profilePic: demoLogo(i),
          banner: demoBanner(i),
          projectDesc: describeStudio(seed, i),
          number: `98200${String(10_000 + i * 37).padStart(5, '0')}`,
          // The list reads oldest first: the first demo studio is the oldest.
          createdAt: new Date(now - (total - i) * HOUR),
        })),
      )
      .returning({ id: studios.id });
    const jobRows = DEMO_STUDIOS.flatMap((seed, i) =>
      demoJobs(seed, i).map((job, k) => ({
        studioId: inserted[i]!.id,
        jobType: job.jobType,
        description: job.description,
        images: jobImages(i, k),
        ...demoJobFields(seed, i, k, now),
        // Newest first on the page: job 0 is the most recent post.
        createdAt: new Date(now - (i * 2 + k * 3) * DAY - HOUR),
      })),
    );
    if (jobRows.length > 0) {
      const posted = await tx.insert(jobs).values(jobRows).returning({ id: jobs.id });
      // Each demo call's roles with stated pay, in place of the one role the insert's trigger
      // made from the job's fields (migration 0027; docs/marketplace.md, "Roles and pay").
      const seeds = DEMO_STUDIOS.flatMap((seed, i) => demoJobs(seed, i));
      await tx.delete(jobRoles).where(inArray(jobRoles.jobId, posted.map((p) => p.id)));
      await tx.insert(jobRoles).values(posted.flatMap((p, n) => seeds[n]!.roles.map((role, position) => ({ ...role, jobId: p.id, position }))));
    }
    return inserted.length;
  });
}

/**
 * Inserts `n` studios for the benchmark, in batches generated inside the database
 * (one statement per batch), with names combined from realistic word lists.
 */
export async function seedStudios(db: Db, n: number, opts: { batchSize?: number } = {}): Promise<void> {
  const batch = opts.batchSize ?? 10_000;
  const arr = (list: readonly string[]) => sql`array[${sql.join(list.map((w) => sql`${w}`), sql`, `)}]::text[]`;
  const first = arr(BENCH_WORDS.first);
  const second = arr(BENCH_WORDS.second);
  const third = arr(BENCH_WORDS.third);
  const cities = arr(BENCH_WORDS.cities);
  const [f, s, t, c] = [BENCH_WORDS.first.length, BENCH_WORDS.second.length, BENCH_WORDS.third.length, BENCH_WORDS.cities.length];
  const description =
    'A studio that casts actors, models, singers and dancers for films, commercials, web series and live shows. ' +
    'We hold open auditions every month and read every Audition profile that is shared with us. ' +
    'Performers of every age and background are welcome; we explain every contract in plain language.';
  for (let start = 0; start < n; start += batch) {
    const end = Math.min(n, start + batch);
    // i walks the word lists at co-prime strides, so neighbouring rows get different names.
    await db.execute(sql`
      insert into studios (fname, location, profile_pic, banner, project_desc, number, created_at)
      select
        (${first})[1 + (i * 7) % ${f}] || ' ' || (${second})[1 + (i * 11 + i / ${f}) % ${s}] || ' ' || (${third})[1 + (i / 3) % ${t}],
        (${cities})[1 + (i * 13) % ${c}],
        '/demo/studio-' || (1 + i % ${DEMO_IMAGES.logos}) || '.webp',
        '/demo/banner-' || (1 + i % ${DEMO_IMAGES.banners}) || '.webp',
        ${description},
        (7000000000 + i)::text,
        now() - make_interval(secs => ${n} - i)
      from generate_series(${start}::int, ${end - 1}::int) as i
    `);
  }
}
