/** Portfolios, talent search, shortlists, reviews and recommendations (docs/talent.md). */
import { z } from 'zod';
import { calendarDay, text as plainText } from './fields.js';
import { AVAILABILITY_MSG } from './availability.js';
import { boardJob } from './jobs.js';
import { JOB_LIMITS } from './jobs-limits.js';
import { MARKET_MSG } from './marketplace-messages.js';
import { MSG } from './messages.js';
import { GENDERS, PROFESSIONS } from './profile-options.js';
import { foldName, RESUME_LIMITS, RESUME_MSG } from './resume-options.js';
import { userProfile } from './profile.js';
import { shownResume } from './resume.js';
import { playbackFields } from './uploads.js';
import { MEDIA_KINDS, TALENT_LIMITS } from './talent-limits.js';
import { TALENT_MSG } from './talent-messages.js';

export * from './talent-messages.js';
export * from './talent-limits.js';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? MARKET_MSG.unknownField(iss.keys) : MSG.invalidBody),
  });
/** A multi-line field (the private note) keeps its line breaks and tabs. */
const text = (label: string, max: number, multiline = false) => plainText(label, { multiline }).max(max, MSG.tooLong(label, max)).trim();
/** A select's value; '' (an empty select) is no filter. */
const choice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(['', ...values] as [string, ...string[]], { error: MARKET_MSG.oneOf(label, values) }).optional();
/** A whole number from a query string; '' is no bound. */
const bound = (label: string, max: number) =>
  z
    .string({ error: MARKET_MSG.mustBeWhole(label, 0, max) })
    .regex(/^\d{0,4}$/, MARKET_MSG.mustBeWhole(label, 0, max))
    .transform((v) => (v === '' ? undefined : Number(v)))
    .refine((v) => v === undefined || v <= max, MARKET_MSG.mustBeWhole(label, 0, max))
    // The pattern alone would not tell /api/docs the bound.
    .describe(`A whole number from 0 to ${max}, or empty for no bound`)
    .optional();

/** A day from a query string; '' is no bound. */
const searchDay = (label: string) =>
  z.union([z.literal('').transform(() => undefined), calendarDay(AVAILABILITY_MSG.day(label), label)], { error: AVAILABILITY_MSG.day(label) }).optional();

export const talentQuery = strict({
  q: text('Search', TALENT_LIMITS.qMax).optional(),
  profession: choice('Profession', PROFESSIONS),
  gender: choice('Gender', GENDERS),
  ageMin: bound('Age from', TALENT_LIMITS.ageMax),
  ageMax: bound('Age to', TALENT_LIMITS.ageMax),
  heightMin: bound('Height from', TALENT_LIMITS.heightMax),
  heightMax: bound('Height to', TALENT_LIMITS.heightMax),
  location: text('Location', JOB_LIMITS.locationMax).optional(),
  has: choice('Has', MEDIA_KINDS),
  // The résumé's filters (docs/resume.md): names folded as the index keeps them, so
  // letter case and accents do not matter; every skill= must match.
  skill: z
    .preprocess(
      (v) => (typeof v === 'string' ? [v] : v),
      z
        .array(text('Skill', RESUME_LIMITS.nameMax), { error: MARKET_MSG.mustBeText('Skill') })
        .max(RESUME_LIMITS.searchSkills, RESUME_MSG.tooMany('Skill', RESUME_LIMITS.searchSkills)),
    )
    .transform((v) => [...new Set(v.map(foldName).filter(Boolean))].sort())
    .optional(),
  language: text('Language', RESUME_LIMITS.nameMax).transform(foldName).optional(),
  union: choice('Union', ['member', 'eligible'] as const),
  // Leaves out performers unavailable on any day between (docs/talent.md, "Availability"); '' is no bound.
  availableFrom: searchDay(AVAILABILITY_MSG.availableFrom),
  availableTo: searchDay(AVAILABILITY_MSG.availableTo),
  cursor: z.string().max(300, TALENT_MSG.invalidCursor).optional(),
})
  .refine((b) => !b.availableFrom || !b.availableTo || b.availableFrom <= b.availableTo, { error: AVAILABILITY_MSG.availableOrder, path: ['availableTo'] })
  .refine((b) => b.ageMin === undefined || b.ageMax === undefined || b.ageMin <= b.ageMax, { error: TALENT_MSG.ageOrder, path: ['ageMin'] })
  .refine((b) => b.heightMin === undefined || b.heightMax === undefined || b.heightMin <= b.heightMax, {
    error: TALENT_MSG.heightOrder,
    path: ['heightMin'],
  });
export type TalentQuery = z.output<typeof talentQuery>;

/** One performer in search results and on shortlists. */
const talentCard = z.object({
  _id: z.string(),
  fname: z.string(),
  gender: z.string(),
  category: z.string(),
  location: z.string(),
  profilePic: z.string(),
  age: z.string(),
  height: z.string(),
  media: z.object({ photos: z.number(), videos: z.number(), audios: z.number() }),
  /** Under 18, with a guardian's consent (docs/guardians.md); absent or false otherwise. */
  minor: z.boolean().optional(),
});
export type TalentCard = z.infer<typeof talentCard>;
export const talentAnswer = z.object({ talent: z.array(talentCard), nextCursor: z.string().nullable() });
export type TalentAnswer = z.infer<typeof talentAnswer>;

export const review = z.object({ rating: z.number(), note: z.string(), updatedAt: z.string() });
export type Review = z.infer<typeof review>;

/** The public portfolio; `review` is the viewing studio's own, null for everyone else. */
export const portfolio = userProfile
  .pick({
    _id: true,
    fname: true,
    pronoun: true,
    gender: true,
    category: true,
    location: true,
    profilePic: true,
    profileUrl: true,
    age: true,
    height: true,
    weight: true,
    bodyType: true,
    hairColor: true,
    eyeColor: true,
    photos: true,
    videos: true,
    audios: true,
  })
  // The résumé (docs/resume.md), credits by category and newest first within each.
  .extend({
    review: review.nullable(),
    resume: shownResume,
    /** `videos` in the same order with each one's conversion: players load the MP4 and poster (docs/media.md, "Players"). */
    videoPlayback: z.array(z.object({ url: z.string(), ...playbackFields })),
  });
export type Portfolio = z.infer<typeof portfolio>;

export const reviewBody = strict({
  rating: z
    .number({ error: MARKET_MSG.mustBeWhole('Rating', 1, 5) })
    .int(MARKET_MSG.mustBeWhole('Rating', 1, 5))
    .min(1, MARKET_MSG.mustBeWhole('Rating', 1, 5))
    .max(5, MARKET_MSG.mustBeWhole('Rating', 1, 5)),
  note: text('Note', TALENT_LIMITS.noteMax, true).default(''),
});
export type ReviewBody = z.input<typeof reviewBody>;

export const shortlistBody = strict({
  name: text('Shortlist name', TALENT_LIMITS.shortlistNameMax).min(1, MSG.required('Shortlist name')),
});
export const memberBody = strict({ performerId: z.string({ error: MSG.required('performerId') }).max(100, TALENT_MSG.performerNotFound) });

const shortlistMember = z.object({ performer: talentCard, addedAt: z.string(), review: review.nullable() });
export const shortlist = z.object({ _id: z.string(), name: z.string(), createdAt: z.string(), members: z.array(shortlistMember) });
export type Shortlist = z.infer<typeof shortlist>;
export const shortlistsAnswer = z.object({ shortlists: z.array(shortlist) });
export type ShortlistsAnswer = z.infer<typeof shortlistsAnswer>;

/** One recommended role: its job, the role's id, and the role's reasons (docs/talent.md). */
const recommendedJob = boardJob.extend({ roleId: z.string(), reasons: z.array(z.string()) });
export type RecommendedJob = z.infer<typeof recommendedJob>;
export const recommendationsAnswer = z.object({ jobs: z.array(recommendedJob) });
export type RecommendationsAnswer = z.infer<typeof recommendationsAnswer>;
