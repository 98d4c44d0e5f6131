/** The demo casting office (seed-demo-team.ts): two members who log in and act for the first demo studio. */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StudioApplication } from '../../contract/applications.js';
import { applicationReviews, users } from '../db/schema/index.js';
import { seedDemoApplications } from './demo-applications.js';
import { DEMO_TEAM_LOGINS, seedDemoTeam } from './demo-team.js';
import { DEMO_PERFORMER_DOMAIN } from './performers.js';
import { DEMO_STUDIO_LOGINS, seedDemoStudioAccounts } from './studio-accounts.js';
import { newAddress } from '../../../test/factories.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const seeded = seedTestApp({ demoStudios: true });
const { withEnv } = seeded;
const login = async (email: string, password: string) =>
  seeded.t.app.inject({ method: 'POST', url: '/api/audition/login', payload: { email, password }, remoteAddress: newAddress() });

describe('demo casting office', () => {
  it('is never made in production, nor before the demo studio account exists', async () => {
    expect(await seedDemoTeam(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    await seedDemoStudioAccounts(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoTeam(withEnv({ SEED_DEMO: '1', NODE_ENV: 'production' }, true), () => {})).toBe(0);
    expect(await seeded.t.ctx.db.select().from(users).where(eq(users.role, 'member'))).toEqual([]);
  });

  it('adds a casting and a viewer member who log in, act for the first demo studio with their role, and are printed; a second start adds none', async () => {
    await seeded.t.ctx.db
      .insert(users)
      .values(Array.from({ length: 6 }, (_, i) => ({ email: `performer${i}@${DEMO_PERFORMER_DOMAIN}`, fname: `Demo ${i}`, passwordHash: 'not-a-login' })));
    await seedDemoApplications(withEnv({ SEED_DEMO: '1' }), () => {});
    const lines: string[] = [];
    expect(await seedDemoTeam(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l))).toBe(2);
    const owner = (await login(DEMO_STUDIO_LOGINS[0].email, DEMO_STUDIO_LOGINS[0].password)).json() as { _id: string };
    for (const m of DEMO_TEAM_LOGINS) {
      expect(lines.some((l) => l.includes(m.email) && l.includes(m.password) && l.includes(m.role))).toBe(true);
      const res = await login(m.email, m.password);
      expect(res.statusCode, res.body).toBe(200);
      const token = (res.json() as { token: string; _id: string }).token;
      expect((res.json() as { _id: string })._id).toBe(owner._id);
      const me = await seeded.t.app.inject({ method: 'GET', url: '/api/studio/team/me', headers: { 'x-auth-token': token } });
      expect(me.json()).toMatchObject({ member: { name: m.name, role: m.role } });
      // The viewer may not manage the team; neither may the casting member.
      expect((await seeded.t.app.inject({ method: 'GET', url: '/api/studio/members', headers: { 'x-auth-token': token } })).statusCode).toBe(403);
    }
    // Each rated some of the studio's applicants: the average shows both.
    const ratings = await seeded.t.ctx.db.select().from(applicationReviews).where(inArray(applicationReviews.byName, DEMO_TEAM_LOGINS.map((m) => m.name)));
    expect(ratings.length).toBeGreaterThan(0);
    const ownerToken = (await login(DEMO_STUDIO_LOGINS[0].email, DEMO_STUDIO_LOGINS[0].password)).json().token as string;
    const card = (await seeded.t.app.inject({ method: 'GET', url: `/api/studio/applications/${ratings[0]!.applicationId}`, headers: { 'x-auth-token': ownerToken } })).json() as StudioApplication;
    expect(card.reviews.map((r) => r.by.name).sort()).toEqual(['Asha Rao', 'Vikram Producer']);
    expect(card.ratingAverage).toBe(3.5);

    expect(await seedDemoTeam(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(2);
    expect((await seeded.t.ctx.db.select().from(users).where(eq(users.role, 'member'))).length).toBe(2);
  });
});
