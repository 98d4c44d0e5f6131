/** Texts of casting calls with roles and their pay (docs/marketplace.md, "Roles and pay"), written once. */
import type { PayKind, PayUnit } from './job-roles-limits.js';

const UNIT_WORDS: Record<PayUnit, string> = { hour: 'hour', day: 'day', week: 'week', project: 'project' };

/** ₹ with Indian digit grouping (₹1,00,000), the same on server and web. */
export const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;

export const CAST_MSG = {
  // Refusals.
  payAmount: 'Pay: a paid role needs an amount, a whole number of rupees above 0',
  payUnit: 'Pay: a paid role needs a unit (hour, day, week or project)',
  payNotPaid: 'Pay: an unpaid or deferred role has no amount and no unit',
  tooManyRoles: (max: number) => `Roles: at most ${max}`,
  noRoles: 'Roles: a job needs at least one role',
  tooManyNames: (label: string, max: number) => `${label}: at most ${max}`,
  unknownRole: 'Roles: one of these roles is not part of this job. Please reload the job.',
  repeatedRole: 'Roles: the same role is listed twice.',
  roleApplied: (name: string) => `Someone has applied to the role “${name}”, so it cannot be removed. Mark it cast instead.`,
  roleNotFound: 'This role was not found.',
  roleCast: 'This role has been cast and takes no more applications.',
  chooseRole: 'Choose the role you are applying for.',
  alreadyAppliedRole: 'You have already applied to this role.',
  // Pay in words.
  pay: (pay: { kind: PayKind; amount: number | null; unit: PayUnit | null } | null) =>
    pay === null
      ? 'Pay not stated'
      : pay.kind === 'unpaid'
        ? 'Unpaid'
        : pay.kind === 'deferred'
          ? 'Deferred pay'
          : `${rupees(pay.amount ?? 0)} / ${UNIT_WORDS[pay.unit ?? 'project']}`,
  payKindLabel: { paid: 'Paid', unpaid: 'Unpaid', deferred: 'Deferred' } as Record<PayKind, string>,
  payUnitLabel: { hour: 'per hour', day: 'per day', week: 'per week', project: 'for the project' } as Record<PayUnit, string>,
  // Fit, in words (the reasons themselves are the talent area's TALENT_MSG).
  youAre: (what: string) => `you are ${/^[AEIOU]/.test(what) ? 'an' : 'a'} ${what}`,
  profileSays: (what: string) => (what ? `your profile says ${what}` : 'your profile has no gender'),
  youAreAged: (age: number) => `you are ${age}`,
  noAge: 'your profile has no age',
  noProfession: 'your profile has no profession yet',
  missing: (wanted: string, you: string) => `${wanted}; ${you}`,
  // Screens.
  /** A role's wanted skills and languages, two labelled lists on the job page (issue 49 item 21). */
  roleSkills: 'Skills',
  roleLanguages: 'Languages',
  roles: 'Roles',
  role: 'Role',
  addRole: 'Add a role',
  removeRole: 'Remove role',
  moveUp: 'Move up',
  moveDown: 'Move down',
  markCast: 'Mark cast',
  confirmCastTitle: 'Mark this role cast?',
  confirmCast: 'Mark this role cast? It stays on the job, marked Cast, and takes no new applications.',
  cast: 'Cast',
  roleName: 'Role name',
  payKind: 'Pay',
  payAmountLabel: 'Amount (₹)',
  payUnitLabel2: 'Per',
  choosePay: 'Choose the pay',
  paidOnly: 'Paid roles only',
  allRoles: 'All roles',
  applyingFor: 'Role',
  planLine: (plan: string, left: number | null) =>
    left === null ? `Your plan: ${plan}, unlimited applications.` : `Your plan: ${plan}, ${left} application${left === 1 ? '' : 's'} left this period.`,
  needsPlan: 'Applying needs a plan',
  needsPlanHint: 'Choose a plan and come back: your note and the media you chose stay here.',
  noneLeft: 'You have no applications left this period.',
  yourFit: 'Your fit',
  fits: 'You fit this role',
  fitsNot: 'You may not fit this role',
  appliedRole: 'Applied',
  applicantsPerRole: (name: string, n: number) => `${name}: ${n}`,
} as const;
