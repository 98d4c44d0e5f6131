/** Studio accounts, the studio's own page, job posts and the job board (docs/marketplace.md). */
import { z } from 'zod';
import { signupBody, verifyBody } from './auth.js';
import { phone, text as plainText } from './fields.js';
import { JOB_GENDERS, JOB_LIMITS, JOB_PROFESSIONS, JOB_STATUSES, ROLES } from './jobs-limits.js';
import { LIMITS } from './limits.js';
import { MARKET_MSG } from './marketplace-messages.js';
import { MSG } from './messages.js';

export * from './jobs-limits.js';

/** An object that refuses fields it does not know, naming them. */
const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? MARKET_MSG.unknownField(iss.keys) : MSG.invalidBody),
  });

// Built on the contract's one text schema, so control characters are refused here too. A
// multi-line field (a description) keeps its line breaks and tabs (docs/marketplace.md).
const text = (label: string, max: number, multiline = false) =>
  plainText(label, { error: MARKET_MSG.mustBeText(label), multiline }).trim().max(max, MSG.tooLong(label, max));
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

const deadline = z
  .string({ error: MARKET_MSG.deadlineFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MARKET_MSG.deadlineFormat)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), MARKET_MSG.deadlineFormat)
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
};

/** ageMax 0 is "no upper bound", so only two real bounds can be out of order. */
export const agesInOrder = (min: number | undefined, max: number | undefined) => !min || !max || min <= max;

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
}).refine((b) => agesInOrder(b.ageMin, b.ageMax), { error: MARKET_MSG.ageOrder, path: ['ageMin'] });
export type JobPatchBody = z.input<typeof jobPatchBody>;

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
  status: z.enum(JOB_STATUSES),
  createdAt: z.string(),
});
export type JobPost = z.infer<typeof jobPost>;

/** The studio's own view: also whether reports hid it, and its applicants by status. */
export const ownJob = jobPost.extend({
  hidden: z.boolean(),
  applicants: z.object({ total: z.number(), byStatus: z.record(z.string(), z.number()) }),
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
export const boardAnswer = z.object({ jobs: z.array(boardJob), nextCursor: z.string().nullable() });
export type BoardAnswer = z.infer<typeof boardAnswer>;

const filterText = (label: string) => text(label, JOB_LIMITS.qMax).optional();
export const boardQuery = strict({
  q: filterText('Search'),
  // '' is "no filter", as an empty select of the board's form sends it.
  profession: z.enum(['', ...JOB_PROFESSIONS], { error: MARKET_MSG.oneOf('Profession', JOB_PROFESSIONS) }).optional(),
  gender: z.enum(['', ...JOB_GENDERS], { error: MARKET_MSG.oneOf('Gender', JOB_GENDERS) }).optional(),
  location: filterText('Location'),
  cursor: z.string().max(200, MARKET_MSG.invalidJobsCursor).optional(),
});
export type BoardQuery = z.input<typeof boardQuery>;

export const reportBody = strict({ reason: requiredText('Reason', JOB_LIMITS.reasonMax) });
export const msgAnswer = z.object({ msg: z.string() });
export const verifiedAnswer = z.object({ _id: z.string(), verified: z.boolean() });
