/**
 * The casting office (docs/team.md): roles, limits and texts. Schema-free, so screens may
 * import it.
 */
export const MEMBER_ROLES = ['casting', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
/** What a route of a studio needs: the owner may do all, casting the work, a viewer reads and rates. */
export const STUDIO_ROLES = ['viewer', 'casting', 'owner'] as const;
export type StudioRole = (typeof STUDIO_ROLES)[number];

export const TEAM_LIMITS = {
  /** Members and pending invitations together. */
  maxMembers: 20,
  invitationDays: 7,
  nameMax: 80,
} as const;

export const TEAM_MSG = {
  roleForbidden: 'Your role in this studio does not allow this.',
  teamFull: `A studio has at most ${TEAM_LIMITS.maxMembers} members.`,
  emailHasAccount: 'This e-mail already has an Audition account.',
  alreadyInvited: 'This e-mail is already invited or a member.',
  invitationGone: 'This invitation link was used or has expired. Ask the studio for a new one.',
  memberNotFound: 'No such member.',
  ownerStays: 'The owner cannot be removed.',
  invited: 'Invitation sent.',
  sentAgain: 'Invitation sent again.',
  removed: 'Member removed.',
  joined: 'Welcome to the team. You can log in now.',
  roleName: { owner: 'Owner', casting: 'Casting', viewer: 'Viewer' } as Record<StudioRole, string>,
} as const;
