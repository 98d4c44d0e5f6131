/** Studio accounts, the studio's own page, job posts and the job board (docs/marketplace.md). */
import { shootDates } from './availability.js';
import { z } from 'zod';
import { signupBody, verifyBody } from './auth.js';
import { calendarDay, phone, text as plainText } from './fields.js';
import { CAST_MSG } from './casting-messages.js';
import { PAY_KINDS, PAY_UNITS, ROLE_LIMITS, ROLE_STATUSES } from './job-roles-limits.js';
import { JOB_GENDERS, JOB_LIMITS, JOB_PROFESSIONS, JOB_STATUSES, ROLES } from './jobs-limits.js';
import { LIMITS } from './limits.js';
import { MARKET_MSG } from './marketplace-messages.js';
import { MSG } from './messages.js';

export * from './jobs-limits.js';
export * from './job-roles-limits.js';
export * from './casting-messages.js';

/** An object that refuses fields it does not know, naming them. */
const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? MARKET_MSG.unknownField(iss.keys) : MSG.invalidBody),
  });

// Built on the contract's one text schema, so control characters are refused here too. A
// multi-line field (a description) keeps its line breaks and tabs (docs/marketplace.md).
const text = (label: string, max: number, multiline = false) =>
  plainText(label, { error: MARKET_MSG.mustBeText(label), multiline }).max(max, MSG.tooLong(label, max)).trim();
const requiredText = (label: string, max: number) => text(label, max).min(1, MSG.required(label));
const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: MARKET_MSG.mustBeWhole(label, min, max) })
    .int(MARKET_MSG.mustBeWhole(label, min, max))
    .min(min, MARKET_MSG.mustBeWhole(label, min, max))
    .max(max, MARKET_MSG.mustBeWhole(label, min, max));
const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: MARKET_MSG.oneOf(label, values) });

/** Today in UTC as YYYY-MM-DD: deadlines are whole days, compared in UTC. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const deadline = calendarDay(MARKET_MSG.deadlineFormat, 'Deadline')
  .refine((v) => v >= todayUtc(), MARKET_MSG.deadlinePast)
  .nullable();

const imageUrl = z.string({ error: MARKET_MSG.imageUrl }).min(1, MARKET_MSG.imageUrl).max(LIMITS.urlMax, MARKET_MSG.imageUrl);

// ---------------------------------------------------------------- accounts

export const role = z.enum(ROLES);

/** The spec's sign-up payload; the name is the studio's and keeps its letter case. */
export const studioSignupBody = signupBody.extend({ fname: requiredText(MARKET_MSG.studioName, LIMITS.nameMax) });
export const studioVerifyBody = verifyBody.extend({ fname: requiredText(MARKET_MSG.studioName, LIMITS.nameMax) });
export const studioVerifyAnswer = z.object({ _id: z.string(), created: z.enum(['create', 'exist']), studioId: z.string() });
export type StudioVerifyAnswer = z.infer<typeof studioVerifyAnswer>;

// ---------------------------------------------------------------- the studio's page

export const studioMe = z.object({
  _id: z.string(),
  fname: z.string(),
  location: z.string(),
  projectDesc: z.string(),
  number: z.string(),
  profilePic: z.string(),
  banner: z.string(),
  verified: z.boolean(),
});
export type StudioMe = z.infer<typeof studioMe>;

export const studioMeBody = strict({
  fname: requiredText('Name', LIMITS.nameMax).optional(),
  location: text('Location', JOB_LIMITS.locationMax).optional(),
  projectDesc: text('Description', JOB_LIMITS.studioDescMax, true).optional(),
  number: z.union([z.literal(''), phone]).optional(),
  profilePic: text('Picture', LIMITS.urlMax).optional(),
  banner: text('Banner', LIMITS.urlMax).optional(),
});
export type StudioMeBody = z.input<typeof studioMeBody>;

// ---------------------------------------------------------------- job posts

const jobFields = {
  title: requiredText('Title', JOB_LIMITS.titleMax),
  jobType: requiredText('Job type', JOB_LIMITS.jobTypeMax),
  description: text('Description', JOB_LIMITS.descriptionMax, true),
  images: z.array(imageUrl, { error: MARKET_MSG.imageUrl }).max(JOB_LIMITS.imagesMax, MARKET_MSG.tooManyImages(JOB_LIMITS.imagesMax)),
  profession: oneOf('Profession', JOB_PROFESSIONS),
  gender: oneOf('Gender', JOB_GENDERS),
  ageMin: whole('Age from', 0, JOB_LIMITS.ageMax),
  ageMax: whole('Age to', 0, JOB_LIMITS.ageMax),
  location: text('Location', JOB_LIMITS.locationMax),
  pay: text('Pay', JOB_LIMITS.payMax),
  deadline,
  /** The days of the shoot (docs/talent.md, "Availability"): applicants unavailable on any of them show a conflict. */
  shootDates,
};

/** ageMax 0 is "no upper bound", so only two real bounds can be out of order. */
export const agesInOrder = (min: number | undefined, max: number | undefined) => !min || !max || min <= max;

// ---------------------------------------------------------------- roles and pay (docs/marketplace.md, "Roles and pay")

/** A paid role has a whole amount above 0 and a unit; an unpaid or deferred one has neither. */
const rolePay = strict({
  kind: oneOf('Pay', PAY_KINDS),
  amount: z
    .number({ error: CAST_MSG.payAmount })
    .int(CAST_MSG.payAmount)
    .min(1, CAST_MSG.payAmount)
    .max(ROLE_LIMITS.amountMax, CAST_MSG.payAmount)
    .nullable()
    .default(null),
  unit: z.enum(PAY_UNITS, { error: CAST_MSG.payUnit }).nullable().default(null),
}).superRefine((p, c) => {
  if (p.kind === 'paid') {
    if (p.amount === null) c.addIssue({ code: 'custom', message: CAST_MSG.payAmount, path: ['amount'] });
    if (p.unit === null) c.addIssue({ code: 'custom', message: CAST_MSG.payUnit, path: ['unit'] });
  } else if (p.amount !== null || p.unit !== null) c.addIssue({ code: 'custom', message: CAST_MSG.payNotPaid, path: ['amount'] });
});

const names = (label: string, max: number) =>
  z
    .array(requiredText(label, ROLE_LIMITS.tagMax), { error: MARKET_MSG.mustBeText(label) })
    .max(max, CAST_MSG.tooManyNames(label, max))
    .default([]);

/** One role as a studio sends it; `_id` names a role the job already has (a PATCH's whole list). */
const roleInput = strict({
  _id: z.string({ error: CAST_MSG.unknownRole }).max(100, CAST_MSG.unknownRole).optional(),
  name: requiredText(CAST_MSG.roleName, ROLE_LIMITS.nameMax),
  description: text('Role description', ROLE_LIMITS.descriptionMax, true).default(''),
  profession: oneOf('Profession', JOB_PROFESSIONS).default('Any'),
  gender: oneOf('Gender', JOB_GENDERS).default('Any'),
  ageMin: whole('Age from', 0, JOB_LIMITS.ageMax).default(0),
  ageMax: whole('Age to', 0, JOB_LIMITS.ageMax).default(0),
  pay: rolePay.nullable().default(null),
  skills: names('Skills', ROLE_LIMITS.skillsMax),
  languages: names('Languages', ROLE_LIMITS.languagesMax),
  /** Sent back as read; `cast` marks the role cast, as the cast call does. */
  status: z.enum(ROLE_STATUSES, { error: MARKET_MSG.oneOf('Role status', ROLE_STATUSES) }).optional(),
}).refine((r) => agesInOrder(r.ageMin, r.ageMax), { error: MARKET_MSG.ageOrder, path: ['ageMin'] });
export type RoleInput = z.input<typeof roleInput>;
export type ParsedRole = z.output<typeof roleInput>;

const rolesList = z
  .array(roleInput, { error: CAST_MSG.noRoles })
  .min(1, CAST_MSG.noRoles)
  .max(ROLE_LIMITS.rolesMax, CAST_MSG.tooManyRoles(ROLE_LIMITS.rolesMax));

const jobRole = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  profession: z.string(),
  gender: z.string(),
  ageMin: z.number(),
  ageMax: z.number(),
  pay: z.object({ kind: z.enum(PAY_KINDS), amount: z.number().nullable(), unit: z.enum(PAY_UNITS).nullable() }).nullable(),
  skills: z.array(z.string()),
  languages: z.array(z.string()),
  status: z.enum(ROLE_STATUSES),
});
export type JobRole = z.infer<typeof jobRole>;

export const jobCreateBody = strict({
  ...jobFields,
  description: jobFields.description.default(''),
  images: jobFields.images.default([]),
  profession: jobFields.profession.default('Any'),
  gender: jobFields.gender.default('Any'),
  ageMin: jobFields.ageMin.default(0),
  ageMax: jobFields.ageMax.default(0),
  location: jobFields.location.default(''),
  pay: jobFields.pay.default(''),
  deadline: jobFields.deadline.default(null),
  shootDates: jobFields.shootDates.default([]),
  roles: rolesList.optional(),
}).refine((b) => agesInOrder(b.ageMin, b.ageMax), { error: MARKET_MSG.ageOrder, path: ['ageMin'] });
export type JobCreateBody = z.input<typeof jobCreateBody>;

export const jobPatchBody = strict({
  title: jobFields.title.optional(),
  jobType: jobFields.jobType.optional(),
  description: jobFields.description.optional(),
  images: jobFields.images.optional(),
  profession: jobFields.profession.optional(),
  gender: jobFields.gender.optional(),
  ageMin: jobFields.ageMin.optional(),
  ageMax: jobFields.ageMax.optional(),
  location: jobFields.location.optional(),
  pay: jobFields.pay.optional(),
  deadline: jobFields.deadline.optional(),
  shootDates: jobFields.shootDates.optional(),
  roles: rolesList.optional(),
}).refine((b) => agesInOrder(b.ageMin, b.ageMax), { error: MARKET_MSG.ageOrder, path: ['ageMin'] });
export type JobPatchBody = z.input<typeof jobPatchBody>;
export type JobCreateParsed = z.output<typeof jobCreateBody>;
export type JobPatchParsed = z.output<typeof jobPatchBody>;

/** A job post: the spec's images, jobType and description, and the marketplace's fields. */
export const jobPost = z.object({
  _id: z.string(),
  studioId: z.string(),
  title: z.string(),
  jobType: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  profession: z.string(),
  gender: z.string(),
  ageMin: z.number(),
  ageMax: z.number(),
  location: z.string(),
  pay: z.string(),
  deadline: z.string().nullable(),
  shootDates: z.array(z.object({ from: z.string(), to: z.string() })),
  status: z.enum(JOB_STATUSES),
  createdAt: z.string(),
  roles: z.array(jobRole),
});
export type JobPost = z.infer<typeof jobPost>;

/** The studio's own view: also whether reports hid it, and its applicants by status. */
export const ownJob = jobPost.extend({
  hidden: z.boolean(),
  /** byRole: role id to its number of applications. */
  applicants: z.object({ total: z.number(), byStatus: z.record(z.string(), z.number()), byRole: z.record(z.string(), z.number()) }),
});
export type OwnJob = z.infer<typeof ownJob>;
export const ownJobsAnswer = z.object({ jobs: z.array(ownJob) });

export const jobStudio = z.object({
  _id: z.string(),
  fname: z.string(),
  location: z.string(),
  profilePic: z.string(),
  verified: z.boolean(),
});
export const boardJob = jobPost.extend({ studio: jobStudio });
export type BoardJob = z.infer<typeof boardJob>;

/** Where a performer stands before writing (GET /api/jobs/{id} with a performer's token). */
const jobYou = z.object({ plan: z.string().nullable(), applicationsLeft: z.number().nullable(), appliedRoleIds: z.array(z.string()) });
export type JobYou = z.infer<typeof jobYou>;
const roleFit = z.object({ roleId: z.string(), matches: z.boolean(), reasons: z.array(z.string()), misses: z.array(z.string()) });
export type RoleFit = z.infer<typeof roleFit>;
export const jobPage = boardJob.extend({ you: jobYou.optional(), fit: z.array(roleFit).optional() });
export type JobPage = z.infer<typeof jobPage>;
export const boardAnswer = z.object({ jobs: z.array(boardJob), nextCursor: z.string().nullable() });
export type BoardAnswer = z.infer<typeof boardAnswer>;

const filterText = (label: string) => text(label, JOB_LIMITS.qMax).optional();
export const boardQuery = strict({
  q: filterText(MARKET_MSG.boardSearch),
  // '' is "no filter", as an empty select of the board's form sends it.
  profession: z.enum(['', ...JOB_PROFESSIONS], { error: MARKET_MSG.oneOf(MARKET_MSG.boardProfession, JOB_PROFESSIONS) }).optional(),
  gender: z.enum(['', ...JOB_GENDERS], { error: MARKET_MSG.oneOf(MARKET_MSG.boardGender, JOB_GENDERS) }).optional(),
  location: filterText(MARKET_MSG.boardLocation),
  /** 1: jobs with at least one open paid role. */
  paid: z.enum(['', '0', '1'], { error: MARKET_MSG.oneOf('Paid', ['0', '1']) }).optional(),
  cursor: z.string().max(200, MARKET_MSG.invalidJobsCursor).optional(),
});
export type BoardQuery = z.input<typeof boardQuery>;

export const reportBody = strict({ reason: requiredText('Reason', JOB_LIMITS.reasonMax) });
export const msgAnswer = z.object({ msg: z.string() });
export const verifiedAnswer = z.object({ _id: z.string(), verified: z.boolean() });
