/**
 * The one role check of the studio's screens (docs/team.md): `can(action)` for the signed-in
 * studio login's role. While the role is still loading nothing beyond reading is offered, so
 * a viewer never sees a button flash that the server would refuse. Not a studio: `role` null.
 */
import { useTeamMe } from '../api/team';
import { session } from '../api/session';
import { roleCan, type StudioAction } from '../lib/studio-can';

export function useStudioRole() {
  const studio = session.isStudio();
  const me = useTeamMe(studio);
  const role = studio ? (me.data?.member.role ?? null) : null;
  return {
    role,
    me: me.data,
    can: (action: StudioAction) => (role ? roleCan(role, action) : action === 'read'),
  };
}
