import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewFeedback, users } from '../db/schema/index.js';
import { seedDemoApplications } from './demo-applications.js';
import { seedDemoReviewLink } from './demo-review.js';
import { DEMO_PERFORMER_DOMAIN } from './performers.js';
import { seedDemoStudioAccounts } from './studio-accounts.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const seeded = seedTestApp({ demoStudios: true });
const { withEnv } = seeded;

describe('demo review link', () => {
  it('is made once, with feedback the studio reads and a room that opens, never in production', async () => {
    await seedDemoStudioAccounts(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoReviewLink(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    await seeded.t.ctx.db
      .insert(users)
      .values(Array.from({ length: 6 }, (_, i) => ({ email: `performer${i}@${DEMO_PERFORMER_DOMAIN}`, fname: `Demo ${i}`, passwordHash: 'not-a-login' })));
    await seedDemoApplications(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoReviewLink(withEnv({ SEED_DEMO: '1', NODE_ENV: 'production' }, true), () => {})).toBe(0);
    const lines: string[] = [];
    expect(await seedDemoReviewLink(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l))).toBe(3);
    expect(lines).toHaveLength(1);
    const url = /(\/review\/[\w-]{43})$/.exec(lines[0]!)![1]!;
    const room = await seeded.t.app.inject({ method: 'GET', url: `/api${url}` });
    expect(room.statusCode).toBe(200);
    expect(room.json().performers).toHaveLength(3);
    const rows = await seeded.t.ctx.db.select().from(reviewFeedback);
    expect(rows.map((r) => r.pick).sort()).toEqual(['maybe', 'no', 'yes']);
    expect(await seedDemoReviewLink(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    expect(await seeded.t.ctx.db.$count(reviewFeedback, inArray(reviewFeedback.pick, ['yes', 'maybe', 'no']))).toBe(3);
  });
});
