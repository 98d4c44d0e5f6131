/** The casting office's calls (docs/team.md): members, invitations, joining. */
import { z } from 'zod';
import { email, text } from './fields.js';
import { password } from './field-rules.js';
import { MEMBER_ROLES, STUDIO_ROLES, TEAM_LIMITS } from './team-messages.js';

export const memberRole = z.enum(MEMBER_ROLES);

export const inviteBody = z.object({ email, role: memberRole });
export const memberRoleBody = z.object({ role: memberRole });
export const memberIdParams = z.object({ id: z.uuid() });
export const joinParams = z.object({ token: z.string().min(1).max(200) });
export const joinBody = z.object({
  name: text('Name').trim().min(1).max(TEAM_LIMITS.nameMax),
  password,
});

/** One member, or an invitation still waiting (`joinedAt` null). */
export const memberAnswer = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STUDIO_ROLES),
  joinedAt: z.string().nullable(),
});
export const membersAnswer = z.array(memberAnswer);

export const joinInfo = z.object({
  studio: z.object({ fname: z.string() }),
  email: z.string(),
  role: memberRole,
});

/** Who the caller is within the studio they act for (the nav names both). */
export const teamMe = z.object({
  member: z.object({ _id: z.string(), name: z.string(), role: z.enum(STUDIO_ROLES) }),
  studio: z.object({ _id: z.string(), fname: z.string() }),
});

/** Who did something for a studio: the owner or one of its members. */
export const byAnswer = z.object({ _id: z.string(), name: z.string() });

export type MemberAnswer = z.infer<typeof memberAnswer>;
export type JoinInfo = z.infer<typeof joinInfo>;
export type TeamMe = z.infer<typeof teamMe>;
