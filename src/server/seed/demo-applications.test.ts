import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, users } from '../db/schema/index.js';
import { seedDemoApplications } from './demo-applications.js';
import { DEMO_PERFORMER_DOMAIN } from './performers.js';
import { seedDemoStudioAccounts } from './studio-accounts.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const seeded = seedTestApp({ demoStudios: true });
const { withEnv } = seeded;

describe('demo applications', () => {
  it('are skipped without demo performers, never made in production, and made once at every stage', async () => {
    await seedDemoStudioAccounts(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoApplications(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    const demo = await seeded.t.ctx.db
      .insert(users)
      .values(Array.from({ length: 6 }, (_, i) => ({ email: `performer${i}@${DEMO_PERFORMER_DOMAIN}`, fname: `Demo ${i}`, passwordHash: 'not-a-login' })))
      .returning({ id: users.id });
    expect(await seedDemoApplications(withEnv({ SEED_DEMO: '1', NODE_ENV: 'production' }, true), () => {})).toBe(0);
    expect(await seedDemoApplications(withEnv({ SEED_DEMO: '0' }), () => {})).toBe(0);
    const lines: string[] = [];
    expect(await seedDemoApplications(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l))).toBe(12);
    expect(lines).toEqual(['seeded 12 demo applications']);
    const rows = await seeded.t.ctx.db.select().from(applications).where(inArray(applications.performerId, demo.map((d) => d.id)));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['applied', 'viewed', 'shortlisted', 'auditioning', 'booked', 'declined']));
    for (const r of rows) expect(r.history.at(-1)?.status).toBe(r.status);
    expect(await seedDemoApplications(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    expect(await seeded.t.ctx.db.$count(applications, eq(applications.performerId, demo[0]!.id))).toBe(2);
  });
});
