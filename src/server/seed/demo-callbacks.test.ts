import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, auditionSlots, notifications, slotDayEvents, slotRoundInvitations, users } from '../db/schema/index.js';
import { seedDemoApplications } from './demo-applications.js';
import { DEMO_CALLBACK_ROUND, seedDemoCallbacks } from './demo-callbacks.js';
import { DEMO_PERFORMER_DOMAIN } from './performers.js';
import { seedDemoStudioAccounts } from './studio-accounts.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const seeded = seedTestApp({ demoStudios: true });
const { withEnv } = seeded;

describe('demo callback round', () => {
  it('is made once, limited to one invited application that holds a time, never in production', async () => {
    await seedDemoStudioAccounts(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoCallbacks(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    await seeded.t.ctx.db
      .insert(users)
      .values(Array.from({ length: 6 }, (_, i) => ({ email: `performer${i}@${DEMO_PERFORMER_DOMAIN}`, fname: `Demo ${i}`, passwordHash: 'not-a-login' })));
    await seedDemoApplications(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoCallbacks(withEnv({ SEED_DEMO: '1', NODE_ENV: 'production' }, true), () => {})).toBe(0);
    const lines: string[] = [];
    expect(await seedDemoCallbacks(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l))).toBe(2);
    expect(lines).toEqual([expect.stringMatching(/^demo callback round: Callback on ".+", 1 invited$/)]);
    const slots = await seeded.t.ctx.db.select().from(auditionSlots).where(eq(auditionSlots.round, DEMO_CALLBACK_ROUND));
    expect(slots.map((s) => s.limited)).toEqual([true, true]);
    const [invitation] = await seeded.t.ctx.db.select().from(slotRoundInvitations);
    expect(slots.filter((s) => s.bookedApplicationId).map((s) => s.bookedApplicationId)).toEqual([invitation!.applicationId]);
    const [app] = await seeded.t.ctx.db.select().from(applications).where(eq(applications.id, invitation!.applicationId));
    expect(app!.status).toBe('auditioning');
    // Its bell and its history say it was invited to the round.
    const [notice] = await seeded.t.ctx.db.select().from(notifications).where(eq(notifications.userId, app!.performerId!));
    expect(notice!.text).toMatch(/^You are invited to Callback for /);
    const history = await seeded.t.ctx.db.select().from(slotDayEvents).where(eq(slotDayEvents.applicationId, app!.id));
    expect(history.map((h) => [h.kind, h.round])).toEqual([['invited', DEMO_CALLBACK_ROUND]]);
    expect(await seedDemoCallbacks(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
  });
});
