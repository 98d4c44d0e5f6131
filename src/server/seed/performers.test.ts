import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, count, eq, isNotNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TalentAnswer } from '../../contract/talent.js';
import { users } from '../db/schema/index.js';
import { DEMO_PERFORMERS, seedDemoPerformers, seedPerformers } from './performers.js';
import { buildStudioAccount } from '../../../test/studio-factories.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const publicDir = fileURLToPath(new URL('../../web/public', import.meta.url));

const seeded = seedTestApp();
const { withEnv } = seeded;

const demoRows = () => seeded.t.ctx.db.select().from(users).where(like(users.email, '%@performers.demo.audition.local'));

describe('demo performers', () => {
  it('are never made with SEED_DEMO=0 or in production', async () => {
    expect(await seedDemoPerformers(withEnv({ SEED_DEMO: '0' }), () => {})).toBe(0);
    expect(await seedDemoPerformers(withEnv({ SEED_DEMO: '1' }, true), () => {})).toBe(0);
    expect(await demoRows()).toEqual([]);
  });

  it('seeds about 40 public performers with pictures the app ships, once, and talent search finds them by height', async () => {
    expect(await seedDemoPerformers(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(DEMO_PERFORMERS);
    expect(await seedDemoPerformers(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    const rows = await demoRows();
    expect(rows).toHaveLength(DEMO_PERFORMERS);
    for (const row of rows) {
      expect(row.visibility).toBe('public');
      expect(existsSync(`${publicDir}${row.profilePic}`), row.profilePic).toBe(true);
      expect(row.heightCm, row.height).not.toBeNull();
      expect(row.photoCount).toBe(1);
    }
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThanOrEqual(6);
    // Each has a résumé (docs/resume.md), shown on the portfolio and found by the talent search's skill filter.
    const first = (await seeded.t.app.inject({ method: 'GET', url: `/api/talent/${rows[0]!.id}` })).json() as { resume: { credits: unknown[]; skills: { name: string }[]; languages: unknown[] } };
    expect(first.resume.credits.length).toBeGreaterThanOrEqual(2);
    expect(first.resume.skills.length).toBe(3);
    expect(first.resume.languages.length).toBe(2);
    expect(new Set(rows.map((r) => r.location)).size).toBeGreaterThanOrEqual(8);
    const studio = await buildStudioAccount(seeded.t);
    const res = await seeded.t.app.inject({ method: 'GET', url: '/api/studio/talent?heightMin=170&has=photos', headers: { 'x-auth-token': studio.token } });
    const found = (res.json() as TalentAnswer).talent;
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) expect(rows.find((r) => r.id === p._id)!.heightCm).toBeGreaterThanOrEqual(170);
    const bySkill = await seeded.t.app.inject({ method: 'GET', url: '/api/studio/talent?skill=SWÍMMING', headers: { 'x-auth-token': studio.token } });
    const swimmers = (bySkill.json() as TalentAnswer).talent;
    expect(swimmers.length).toBeGreaterThan(0);
    for (const p of swimmers) expect(rows.find((r) => r.id === p._id)!.skillKeys).toContain('swimming');
  });

  it('the bench seeder adds N performers, a tenth of them private', async () => {
    await seedPerformers(seeded.t.ctx.db, 250, { batchSize: 100 });
    const [all] = await seeded.t.ctx.db.select({ n: count() }).from(users).where(like(users.email, '%@bench.audition.local'));
    const [hidden] = await seeded.t.ctx.db.select({ n: count() }).from(users).where(eq(users.visibility, 'private'));
    expect(all?.n).toBe(250);
    expect(hidden?.n).toBe(25);
    // Stated: the talent search's profession and gender filters find them (docs/talent.md).
    const [stated] = await seeded.t.ctx.db.select({ n: count() }).from(users).where(and(like(users.email, '%@bench.audition.local'), isNotNull(users.profileStatedAt)));
    expect(stated?.n).toBe(250);
  });
});
