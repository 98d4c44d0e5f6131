import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, countDistinct } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract/limits.js';
import { jobRoles, jobs, studios } from '../db/schema/index.js';
import { seedDemoIfEmpty, seedStudios } from './index.js';
import { DEMO_STUDIOS } from './data.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const publicDir = fileURLToPath(new URL('../../web/public', import.meta.url));

const seeded = seedTestApp();
const { withEnv } = seeded;

const quiet = () => {};

describe('seedDemoIfEmpty', () => {
  it('does nothing when SEED_DEMO=0', async () => {
    expect(await seedDemoIfEmpty(withEnv({ SEED_DEMO: '0' }), quiet)).toBe(0);
    const [row] = await seeded.t.ctx.db.select({ n: count() }).from(studios);
    expect(row?.n).toBe(0);
  });

  it('seeds at least 24 studios in varied cities, with descriptions of 200 to 1500 characters', async () => {
    expect(await seedDemoIfEmpty(withEnv({ SEED_DEMO: '1' }), quiet)).toBe(DEMO_STUDIOS.length);
    const rows = await seeded.t.ctx.db.select().from(studios);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(new Set(rows.map((r) => r.location.split(',')[0])).size).toBeGreaterThanOrEqual(15);
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.projectDesc.length, row.fname).toBeGreaterThanOrEqual(200);
      expect(row.projectDesc.length, row.fname).toBeLessThanOrEqual(1500);
      expect(row.projectDesc.endsWith('.'), row.fname).toBe(true);
    }
    // Both cuts of the detail page show on some studios and not on others.
    expect(rows.some((r) => r.projectDesc.length <= LIMITS.studioBannerChars)).toBe(true);
    expect(rows.some((r) => r.projectDesc.length > LIMITS.studioAboutChars)).toBe(true);
  });

  it('gives each studio 0 to 6 jobs, some more than the 3 a page shows, each with images the app ships', async () => {
    const allStudios = await seeded.t.ctx.db.select({ id: studios.id, profilePic: studios.profilePic, banner: studios.banner }).from(studios);
    const allJobs = await seeded.t.ctx.db.select().from(jobs);
    const perStudio = allStudios.map((s) => allJobs.filter((j) => j.studioId === s.id).length);
    expect(Math.min(...perStudio)).toBe(0);
    expect(Math.max(...perStudio)).toBe(6);
    expect(perStudio.filter((n) => n > LIMITS.studioJobsShown).length).toBeGreaterThan(3);
    const images = [
      ...allStudios.flatMap((s) => [s.profilePic, s.banner]),
      ...allJobs.flatMap((j) => {
        expect(j.images.length).toBeGreaterThanOrEqual(1);
        expect(j.description.length).toBeGreaterThan(LIMITS.jobCardChars);
        return j.images;
      }),
    ];
    for (const url of new Set(images)) {
      expect(url).toMatch(/^\/demo\/[a-z]+-\d+\.webp$/);
      expect(existsSync(`${publicDir}${url}`), url).toBe(true);
    }
  });

  it('gives every demo job roles with stated pay that agree with its description (docs/marketplace.md, "Roles and pay")', async () => {
    const allJobs = await seeded.t.ctx.db.select().from(jobs);
    const roles = await seeded.t.ctx.db.select().from(jobRoles);
    for (const job of allJobs) {
      const own = roles.filter((r) => r.jobId === job.id).sort((a, b) => a.position - b.position);
      expect(own.length, job.title).toBeGreaterThanOrEqual(1);
      for (const role of own) {
        expect(role.payKind, `${job.title}: ${role.name}`).not.toBeNull();
        if (role.payKind === 'paid') expect(role.payAmount! > 0 && role.payUnit !== null, role.name).toBe(true);
        else expect([role.payAmount, role.payUnit], role.name).toEqual([null, null]);
      }
      // The job's own fields are its first role's.
      expect([job.profession, job.gender, job.ageMin, job.ageMax]).toEqual([own[0]!.profession, own[0]!.gender, own[0]!.ageMin, own[0]!.ageMax]);
    }
    // "Warm, funny actress aged 40 to 55 to play the hero's mother" asks for ages 40 to 55.
    const mother = allJobs.find((j) => j.jobType === 'Supporting Actress');
    if (mother) expect(roles.filter((r) => r.jobId === mother.id).map((r) => [r.gender, r.ageMin, r.ageMax])).toEqual([['Female', 40, 55]]);
    expect(new Set(roles.map((r) => r.payKind))).toEqual(new Set(['paid', 'unpaid', 'deferred']));
    expect(allJobs.some((j) => roles.filter((r) => r.jobId === j.id).length > 1)).toBe(true);
  });

  it('seeds nothing into a database that already has studios', async () => {
    expect(await seedDemoIfEmpty(withEnv({ SEED_DEMO: '1' }), quiet)).toBe(0);
    const [row] = await seeded.t.ctx.db.select({ n: count() }).from(studios);
    expect(row?.n).toBe(DEMO_STUDIOS.length);
  });
});

describe('seedStudios', () => {
  it('adds exactly N studios with varied names and cities, in batches', async () => {
    const [before] = await seeded.t.ctx.db.select({ n: count() }).from(studios);
    await seedStudios(seeded.t.ctx.db, 1234, { batchSize: 500 });
    const [after] = await seeded.t.ctx.db.select({ n: count(), names: countDistinct(studios.fname), cities: countDistinct(studios.location) }).from(studios);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(1234);
    expect(after?.names).toBeGreaterThan(1000);
    expect(after?.cities).toBeGreaterThanOrEqual(50);
  });
});
