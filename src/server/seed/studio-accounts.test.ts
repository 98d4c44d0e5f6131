import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, studios, users } from '../db/schema/index.js';
import { seedDemoIfEmpty } from './index.js';
import { DEMO_STUDIO_LOGINS, seedDemoStudioAccounts } from './studio-accounts.js';
import { newAddress } from '../../../test/factories.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const seeded = seedTestApp();
const { withEnv } = seeded;

describe('demo studio accounts', () => {
  it('are never made with NODE_ENV=production', async () => {
    await seedDemoIfEmpty(withEnv({ SEED_DEMO: '1', NODE_ENV: 'production' }, true), () => {});
    expect(await seeded.t.ctx.db.select().from(users).where(eq(users.role, 'studio'))).toEqual([]);
    expect(await seeded.t.ctx.db.select().from(studios).where(isNotNull(studios.ownerId))).toEqual([]);
  });

  it('own demo studios, log in as studios, and are printed; a second start makes no more', async () => {
    const lines: string[] = [];
    expect(await seedDemoStudioAccounts(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l))).toBe(DEMO_STUDIO_LOGINS.length);
    for (const login of DEMO_STUDIO_LOGINS) {
      expect(lines.some((l) => l.includes(login.email) && l.includes(login.password))).toBe(true);
      const res = await seeded.t.app.inject({ method: 'POST', url: '/api/audition/login', payload: login, remoteAddress: newAddress() });
      expect(res.json()).toMatchObject({ role: 'studio' });
      const me = await seeded.t.app.inject({ method: 'GET', url: '/api/studio/me', headers: { 'x-auth-token': res.json().token } });
      expect(me.statusCode).toBe(200);
    }
    expect(await seedDemoStudioAccounts(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(DEMO_STUDIO_LOGINS.length);
    expect((await seeded.t.ctx.db.select().from(users).where(eq(users.role, 'studio'))).length).toBe(DEMO_STUDIO_LOGINS.length);
  });

  it('gives demo jobs the marketplace fields', async () => {
    const rows = await seeded.t.ctx.db.select().from(jobs);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((j) => j.title.length > 0 && j.status === 'open' && j.location.length > 0)).toBe(true);
    expect(new Set(rows.map((j) => j.profession)).size).toBeGreaterThan(2);
    expect(new Set(rows.map((j) => j.gender)).size).toBeGreaterThan(2);
  });
});
