/**
 * Every route a studio's caller can reach declares the role it needs (docs/team.md), and the
 * one hook holds a viewer and a casting member to it. Walks Fastify's own route list, so a
 * new studio route that forgets its role fails here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioRole } from '../../../contract/team-messages.js';
import { newAddress } from '../../../../test/factories.js';
import { buildStudioAccount } from '../../../../test/studio-factories.js';
import { addMember, type TeamMember } from '../../../../test/team-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let viewer: TeamMember;
let casting: TeamMember;
beforeAll(async () => {
  t = await buildTestApp();
  const studio = await buildStudioAccount(t);
  viewer = await addMember(t, studio, 'viewer');
  casting = await addMember(t, studio, 'casting');
});
afterAll(async () => {
  await t.close();
});

const RANK: Record<StudioRole, number> = { viewer: 0, casting: 1, owner: 2 };
/** Calls that end the caller's session or hold its connection open: their refusals are still checked. */
const NOT_CALLED_WHEN_ALLOWED = new Set(['POST /api/auth/logout', 'POST /api/me/logout-all', 'GET /api/events', 'POST /api/me/password']);

const studioRoutes = () => t.app.routeAccess.filter((r) => r.studio);

describe('studio routes and roles', () => {
  it('finds the studio routes', () => {
    expect(studioRoutes().length).toBeGreaterThan(30);
  });

  it('every studio route declares the role it needs', () => {
    const undeclared = studioRoutes()
      .filter((r) => !r.studioRole)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  for (const who of ['viewer', 'casting'] as const) {
    it(`holds a ${who} to each route's role`, async () => {
      const member = who === 'viewer' ? viewer : casting;
      const wrong: string[] = [];
      for (const route of studioRoutes()) {
        const method = route.method.split(',')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        if (method === ('HEAD' as string)) continue;
        const needed = route.studioRole ?? 'owner';
        const allowed = RANK[who] >= RANK[needed];
        if (allowed && NOT_CALLED_WHEN_ALLOWED.has(`${method} ${route.url}`)) continue;
        const url = route.url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace('*', 'x');
        const res = await t.app.inject({
          method,
          url,
          headers: { 'x-auth-token': member.token },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          remoteAddress: newAddress(),
        });
        const refused = res.statusCode === 403 && (res.json() as { code?: string }).code === 'role_forbidden';
        if (refused === allowed) wrong.push(`${method} ${route.url} (needs ${needed}): ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
