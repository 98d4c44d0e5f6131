import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MySlotsAnswer } from '../../contract/slots.js';
import { applications, auditionSlots, slotRoundInvitations, users } from './schema/index.js';
import { seedDemoApplications } from './seed-demo-applications.js';
import { DEMO_CALLBACK_ROUND, seedDemoCallbacks } from './seed-demo-callbacks.js';
import { DEMO_PERFORMER_DOMAIN } from './seed-performers.js';
import { seedDemoStudioAccounts } from './seed-studio-accounts.js';
import { seedTestApp } from '../../../test/seed-test-app.js';
import { createSlotsService } from '../modules/slots/slots.service.js';

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
    // The invited performer's picker shows the round, its booking and the other free time.
    const mine: MySlotsAnswer = await createSlotsService(seeded.t.ctx).listForPerformer(app!.performerId!, app!.id);
    expect(mine.invitations.map((i) => i.round)).toEqual([DEMO_CALLBACK_ROUND]);
    expect(mine.bookings.map((b) => b.round)).toContain(DEMO_CALLBACK_ROUND);
    expect(mine.slots.filter((s) => s.round === DEMO_CALLBACK_ROUND)).toHaveLength(1);
    expect(await seedDemoCallbacks(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
  });
});
