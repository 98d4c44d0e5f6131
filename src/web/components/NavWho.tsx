/** The studio login's name and its studio's, in the nav (docs/team.md); loaded with the data layer. */
import { TEAM_MSG, TEAM_SCREEN } from '../../contract/team-messages';
import { useTeamMe } from '../api/team';

export default function NavWho() {
  const { data } = useTeamMe();
  if (!data) return null;
  return (
    <span className="nav-who" title={TEAM_MSG.roleName[data.member.role]}>
      {/* The owner's name is the studio's: said once. */}
      {data.member.name === data.studio.fname ? data.studio.fname : TEAM_SCREEN.navWho(data.member.name, data.studio.fname)}
    </span>
  );
}
