/**
 * What each role in a studio may do on the screens (docs/team.md, "Roles, enforced in one
 * place"): the screens hide what the role cannot do instead of offering a button the server
 * refuses with role_forbidden. Keep in step with the routes' `studioRole`.
 */
import type { StudioRole } from '../../contract/team-messages';

export type StudioAction =
  /** Read jobs, the board, cards, tapes, the schedule and review links; rate and note. */
  | 'read'
  | 'rate'
  /** Status moves, decisions and undo, casting. */
  | 'move'
  /** Post, edit, close, reopen or delete a job. */
  | 'editJobs'
  /** Tape requests, retakes, marking tapes watched. */
  | 'requestTapes'
  /** Slots: add, move, cancel, check in. */
  | 'slots'
  /** Messages and talent search, shortlists. */
  | 'message'
  /** Make or revoke review links. */
  | 'reviewLinks'
  /** Members and invitations, the studio's page, the account's settings, export, deletion. */
  | 'team'
  | 'studioPage'
  | 'account';

const NEEDS: Record<StudioAction, StudioRole> = {
  read: 'viewer',
  rate: 'viewer',
  move: 'casting',
  editJobs: 'casting',
  requestTapes: 'casting',
  slots: 'casting',
  message: 'casting',
  reviewLinks: 'casting',
  team: 'owner',
  studioPage: 'owner',
  account: 'owner',
};

const RANK: Record<StudioRole, number> = { viewer: 0, casting: 1, owner: 2 };

/** Whether `role` may do `action`. */
export function roleCan(role: StudioRole, action: StudioAction): boolean {
  return RANK[role] >= RANK[NEEDS[action]];
}
