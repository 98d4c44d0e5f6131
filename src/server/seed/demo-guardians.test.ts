import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GUARDIAN_MSG } from '../../contract/guardians-messages.js';
import { guardianEvents, users } from '../db/schema/index.js';
import { DEMO_MINOR, seedDemoGuardians } from './demo-guardians.js';
import { buildStudioAccount } from '../../../test/studio-factories.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const seeded = seedTestApp();
const { withEnv } = seeded;

describe('demo minor', () => {
  it('is made once, never in production; studios find them marked minor, and the printed guardian link shows consent given', async () => {
    expect(await seedDemoGuardians(withEnv({ SEED_DEMO: '0' }), () => {})).toBe(0);
    expect(await seedDemoGuardians(withEnv({ SEED_DEMO: '1', NODE_ENV: 'production' }, true), () => {})).toBe(0);
    expect(await seeded.t.ctx.db.$count(users, eq(users.email, DEMO_MINOR.email))).toBe(0);
    const lines: string[] = [];
    expect(await seedDemoGuardians(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l))).toBe(1);
    expect(lines).toHaveLength(1);
    const url = /(\/guardian\/[\w-]{43})$/.exec(lines[0]!)![1]!;
    const link = await seeded.t.app.inject({ method: 'GET', url: `/api${url}` });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toEqual({ performer: { name: DEMO_MINOR.fname }, consentedAt: expect.any(String) });

    const studio = await buildStudioAccount(seeded.t);
    const found = await seeded.t.app.inject({ method: 'GET', url: `/api/studio/talent?q=${encodeURIComponent(DEMO_MINOR.fname)}`, headers: { 'x-auth-token': studio.token } });
    expect(found.statusCode).toBe(200);
    expect(found.json().talent).toEqual([expect.objectContaining({ fname: DEMO_MINOR.fname, minor: true })]);
    // Nothing of the guardian but the consent reaches the studio.
    expect(found.body).not.toContain(DEMO_MINOR.guardian.email);
    expect(GUARDIAN_MSG.minorLabel).toBe('Under 18 — guardian consented');

    expect(await seedDemoGuardians(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    const [row] = await seeded.t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MINOR.email));
    const kinds = (await seeded.t.ctx.db.select().from(guardianEvents).where(eq(guardianEvents.userId, row!.id))).map((e) => e.kind);
    expect(kinds).toEqual(['link_sent', 'consented']);
  });
});
