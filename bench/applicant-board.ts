/**
 * The applicant board (/dashboard/jobs/{id}/applicants, docs/applications.md) in a real
 * browser: time from navigation to the first applicant's card being clickable (playwright's
 * actionability: visible, stable, enabled) with 500 applicants, beside the same board with
 * 5 applicants in the same run. The Debian chromium through playwright-core (test/browser.ts),
 * the production build served by the app, on PostgreSQL. Each reading is a new browser
 * context (nothing cached) after one untimed visit. `npx tsx bench/applicant-board.ts` alone;
 * BENCH_BOARD_SHOT=1 saves what each reading saw to /tmp/shots.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { BOARD_MSG } from '../src/contract/board-messages.js';
import { openDatabase, type Db } from '../src/server/db/client.js';
import { startAppProcess } from '../test/app-process.js';
import { launchBrowser, storeLogin } from '../test/browser.js';
import { createPostgresDatabase } from '../test/postgres-database.js';
import { atMostTimes } from './aim.js';
import { seedPerformers, seedStudio } from './applications.js';
import { round } from './load.js';
import { runAlone, type Add } from './run-alone.js';
import { BENCH_ENV } from './seeded-app.js';

const APPLICANTS = Number(process.env.BENCH_BOARD_APPLICANTS ?? 500);
const FEW = 5;
const RUNS = Number(process.env.BENCH_BOARD_RUNS ?? 5);
type Rows<T> = { rows: T[] };

/** A job of the studio's with `n` applicants in Applied; answers its id and title. */
async function jobWith(db: Db, studioId: string, n: number, label: string): Promise<{ id: string; title: string }> {
  const title = `Board of ${n}`;
  const { rows: [job] } = (await db.execute(sql`insert into jobs (studio_id, title, job_type) values (${studioId}, ${title}, 'Feature film') returning id`)) as unknown as Rows<{ id: string }>;
  await seedPerformers(db, n, label);
  await db.execute(sql`
    insert into applications (job_id, performer_id, note, history)
    select ${job!.id}, id, 'A note', jsonb_build_array(jsonb_build_object('status', 'applied', 'at', now()::text))
    from users where email like ${`bench-${label}-%`}`);
  return { id: job!.id, title };
}

export async function applicantBoardBench(add: Add): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return console.log('Applicant board row NOT RUN: TEST_DATABASE_URL is not set');
  console.log(`Applicant board with ${APPLICANTS} applicants in chromium: building the web app…`);
  // The production build the app serves from dist/web, as e2e/global-setup.ts makes it.
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error('vite build failed');
  const fresh = await createPostgresDatabase();
  try {
    const app = await startAppProcess({ ...BENCH_ENV, DATABASE_URL: fresh.url });
    const database = await openDatabase({ kind: 'postgres', url: fresh.url }, { migrate: false });
    const browser = await launchBrowser();
    try {
      const studio = await seedStudio(database.db, 0);
      const crowded = await jobWith(database.db, studio.studioId, APPLICANTS, 'board-many');
      const few = await jobWith(database.db, studio.studioId, FEW, 'board-few');
      await database.db.execute(sql`analyze`);

      /** Milliseconds from navigation to the first card's button being clickable, in a new context. */
      const interactive = async (job: { id: string; title: string }) => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: app.baseUrl });
        try {
          const page = await context.newPage();
          await storeLogin(page, { token: studio.token, id: studio.ownerId, role: 'studio' });
          const started = performance.now();
          await page.goto(`/dashboard/jobs/${job.id}/applicants`);
          await page.getByRole('heading', { level: 1, name: BOARD_MSG.title(job.title) }).waitFor({ timeout: 60_000 });
          await page.getByRole('button', { name: new RegExp(`^${APP_MSG.open}: `) }).first().click({ trial: true, timeout: 60_000 });
          const ms = performance.now() - started;
          if (process.env.BENCH_BOARD_SHOT) await page.screenshot({ path: `/tmp/shots/bench-board-${job.title.replace(/\W+/g, '-')}.png` });
          return ms;
        } finally {
          await context.close();
        }
      };
      const runs = async (job: { id: string; title: string }) => {
        await interactive(job);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) times.push(await interactive(job));
        times.sort((a, b) => a - b);
        return { p50: round(times[Math.floor(times.length / 2)]!), max: round(times.at(-1)!) };
      };
      const base = await runs(few);
      const many = await runs(crowded);
      // Aim (docs/performance.md, "Booking, the review room and the board in Chromium"): 500 applicants at most twice the time of 5.
      add(
        `applicant board with ${APPLICANTS} applicants in chromium, navigation to the first card clickable [PostgreSQL]`,
        `p50 ${many.p50} ms, slowest ${many.max} ms (${RUNS} new contexts); ${atMostTimes(many.p50, base.p50, 2, 'p50', `${FEW} applicants`)}`,
        `the same board with ${FEW} applicants: p50 ${base.p50} ms, slowest ${base.max} ms`,
      );
    } finally {
      await browser.close();
      await database.close();
      await app.stop();
    }
  } finally {
    await fresh.drop();
  }
}

await runAlone(import.meta, applicantBoardBench);
