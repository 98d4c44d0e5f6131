import { describe, expect, it } from 'vitest';
import { roleCan } from './studio-can';

describe('roleCan (docs/team.md, roles)', () => {
  it('a viewer reads and rates only', () => {
    expect(roleCan('viewer', 'read')).toBe(true);
    expect(roleCan('viewer', 'rate')).toBe(true);
    for (const a of ['move', 'editJobs', 'requestTapes', 'slots', 'message', 'reviewLinks', 'team', 'studioPage', 'account'] as const) expect(roleCan('viewer', a)).toBe(false);
  });
  it('casting does the work but not the team, the studio page or the account', () => {
    for (const a of ['move', 'editJobs', 'requestTapes', 'slots', 'message', 'reviewLinks'] as const) expect(roleCan('casting', a)).toBe(true);
    for (const a of ['team', 'studioPage', 'account'] as const) expect(roleCan('casting', a)).toBe(false);
  });
  it('the owner does everything', () => {
    expect(roleCan('owner', 'team')).toBe(true);
    expect(roleCan('owner', 'account')).toBe(true);
  });
});
