import { describe, expect, it } from 'vitest';
import { jobs, performerUnavailability, users } from '../db/schema/index.js';
import { seedDemoApplications } from './demo-applications.js';
import { seedDemoAvailability } from './demo-availability.js';
import { DEMO_PERFORMER_DOMAIN } from './performers.js';
import { seedDemoStudioAccounts } from './studio-accounts.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const seeded = seedTestApp({ demoStudios: true });
const { withEnv } = seeded;

describe('demo availability', () => {
  it('gives a demo job shoot dates and its first applicant a conflict, once, never in production', async () => {
    await seedDemoStudioAccounts(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoAvailability(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    await seeded.t.ctx.db
      .insert(users)
      .values(Array.from({ length: 6 }, (_, i) => ({ email: `performer${i}@${DEMO_PERFORMER_DOMAIN}`, fname: `Demo ${i}`, passwordHash: 'not-a-login' })));
    await seedDemoApplications(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoAvailability(withEnv({ SEED_DEMO: '1', NODE_ENV: 'production' }, true), () => {})).toBe(0);
    const lines: string[] = [];
    const added = await seedDemoAvailability(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l));
    expect(added).toBeGreaterThanOrEqual(2);
    expect(lines).toHaveLength(1);
    const withShoot = (await seeded.t.ctx.db.select().from(jobs)).filter((j) => j.shootDates.length > 0);
    expect(withShoot).toHaveLength(1);
    expect(await seedDemoAvailability(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    expect(await seeded.t.ctx.db.$count(performerUnavailability)).toBe(added);

    // The conflict's range carries a private note; the card's answer leaves it out (availability.test.ts).
    const notes = (await seeded.t.ctx.db.select().from(performerUnavailability)).map((r) => r.note).filter(Boolean);
    expect(notes).toContain('Cousin’s wedding');
  });
});
