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

/** The screens of the casting office: /settings Team and /join/{token}. */
export const TEAM_SCREEN = {
  team: 'Team',
  teamIntro: 'Invite the people you cast with. Casting members do the work; viewers watch, rate and note.',
  teamReadOnly: 'Only the studio owner can invite, change or remove members.',
  empty: 'No one else is on the team yet. Invite a casting director or a producer by e-mail above.',
  invite: 'Send invitation',
  email: 'E-mail',
  role: 'Role',
  roleHint: { casting: 'Casting: everything except the team, the studio page and the account.', viewer: 'Viewer: reads, rates and notes.' } as Record<MemberRole, string>,
  invitedOn: 'Invited, not joined yet',
  you: '(you)',
  sendAgain: 'Send again',
  cancelInvite: 'Cancel invitation',
  remove: 'Remove',
  changeRole: (name: string) => `Role of ${name}`,
  removeTitle: (name: string) => `Remove ${name}?`,
  removeText: 'They can no longer act for the studio, and every session of theirs ends at once.',
  cancelTitle: (email: string) => `Cancel the invitation to ${email}?`,
  cancelText: 'The link in their e-mail stops working.',
  cancelled: 'Invitation cancelled.',
  roleChanged: 'Role changed.',
  joinTitle: (studio: string) => `Join ${studio}`,
  joinAs: (role: string, email: string) => `You are invited as ${role}, with ${email}. Choose your name and a password to log in with.`,
  yourName: 'Your name',
  password: 'Password',
  join: 'Join the studio',
  joinGone: 'This invitation link was used or has expired.',
  joinGoneNext: 'Ask the studio for a new one, or log in if you have joined already.',
  joinUnknown: 'This invitation link is not known.',
  joinUnknownNext: 'Check that you opened the whole link from the e-mail.',
  logIn: 'Log in',
  home: 'Home',
  navWho: (name: string, studio: string) => `${name} · ${studio}`,
} as const;
