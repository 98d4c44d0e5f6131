/** The performer's résumé: GET / PUT /api/audition/resume (docs/resume.md). */
import { z } from 'zod';
import { text as plainText } from './fields.js';
import { MARKET_MSG } from './marketplace-messages.js';
import { MSG } from './messages.js';
import {
  CREDIT_CATEGORIES,
  foldName,
  HEIGHT_UNITS,
  LANGUAGE_LEVELS,
  latestYear,
  RESUME_LIMITS as L,
  RESUME_MSG,
  SKILL_LEVELS,
  UNION_STATUSES,
  WEIGHT_UNITS,
} from './resume-options.js';

export * from './resume-options.js';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? MARKET_MSG.unknownField(iss.keys) : MSG.invalidBody),
  });
const optional = (label: string, max: number) => plainText(label).max(max, MSG.tooLong(label, max)).trim().default('');
const required = (label: string, max: number) => plainText(label).max(max, MSG.tooLong(label, max)).trim().min(1, MSG.required(label));
const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) => z.enum(values, { error: MARKET_MSG.oneOf(label, values) });
/** A whole number within bounds; the message names the field and the bounds. */
const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: RESUME_MSG.wholeBetween(label, min, max) })
    .int(RESUME_MSG.wholeBetween(label, min, max))
    .min(min, RESUME_MSG.wholeBetween(label, min, max))
    .max(max, RESUME_MSG.wholeBetween(label, min, max));
/** From 1950 to next year, checked when the body arrives (next year moves with the clock). */
const year = (label: string) =>
  z.number({ error: RESUME_MSG.year(label, latestYear()) }).check((ctx) => {
    const v = ctx.value;
    if (!Number.isInteger(v) || v < L.yearMin || v > latestYear()) {
      ctx.issues.push({ code: 'custom', message: RESUME_MSG.year(label, latestYear()), input: v });
    }
  })
    // The upper bound moves with the clock, so /api/docs states it in words.
    .describe(`A whole year from ${L.yearMin} to next year`);
const list = <T extends z.ZodType>(label: string, item: T, max: number) =>
  z.array(item, { error: `${label} must be a list` }).max(max, RESUME_MSG.tooMany(label, max));
/** Names compared folded (case and accents ignored): the same skill twice is refused. */
const distinctNames = <T>(nameOf: (item: T) => string, field?: string) => (items: T[], ctx: z.RefinementCtx<T[]>) => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = foldName(nameOf(item));
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: RESUME_MSG.listedTwice(nameOf(item)), path: field ? [i, field] : [i] });
    seen.add(key);
  });
};

export const credit = strict({
  category: oneOf('Category', CREDIT_CATEGORIES),
  role: required('Role', L.roleMax),
  production: required('Production', L.productionMax),
  company: optional('Company', L.companyMax),
  director: optional('Director', L.directorMax),
  year: year('Year'),
});
export const course = strict({
  course: required('Course', L.courseMax),
  school: optional('School', L.schoolMax),
  year: year('Year').nullable().default(null),
});
export const skill = strict({ name: required('Skill', L.nameMax), level: oneOf('Skill level', SKILL_LEVELS) });
export const language = strict({ name: required('Language', L.nameMax), level: oneOf('Language level', LANGUAGE_LEVELS) });
export const union = strict({
  status: oneOf('Union', UNION_STATUSES),
  name: optional('Union name', L.unionNameMax),
});
export const representation = strict({
  agency: required('Agency', L.agencyMax),
  contact: optional('Agent', L.contactMax),
  email: optional('Agent e-mail', L.emailMax).refine((v) => v === '' || z.regexes.email.test(v), RESUME_MSG.invalidEmail),
  phone: optional('Agent phone', L.phoneMax),
});
export const measurements = strict({
  chestCm: whole('Chest (cm)', L.measureMin, L.measureMax).optional(),
  waistCm: whole('Waist (cm)', L.measureMin, L.measureMax).optional(),
  hipsCm: whole('Hips (cm)', L.measureMin, L.measureMax).optional(),
  shoeEu: z
    .number({ error: RESUME_MSG.shoe })
    .min(L.shoeMin, RESUME_MSG.shoe)
    .max(L.shoeMax, RESUME_MSG.shoe)
    .refine((v) => Number.isInteger(v * 2), RESUME_MSG.shoe)
    .optional(),
});
/** How height and weight are written in the free texts (and shown to studios). */
export const units = strict({
  height: oneOf('Height unit', HEIGHT_UNITS).default('cm'),
  weight: oneOf('Weight unit', WEIGHT_UNITS).default('kg'),
});

/** A PUT replaces the whole résumé: a left-out list is empty, a left-out value is none. */
export const resumeBody = strict({
  credits: list('Credits', credit, L.credits).default([]),
  training: list('Training', course, L.training).default([]),
  skills: list('Skills', skill, L.skills).superRefine(distinctNames((s) => s.name, 'name')).default([]),
  languages: list('Languages', language, L.languages).superRefine(distinctNames((s) => s.name, 'name')).default([]),
  accents: list('Accents', required('Accent', L.nameMax), L.accents)
    .superRefine(distinctNames((s: string) => s))
    .default([]),
  union: union.default({ status: 'none', name: '' }).refine((u) => u.status !== 'none' || u.name === '', {
    error: RESUME_MSG.unionNameWithoutStatus,
    path: ['name'],
  }),
  representation: representation.nullable().default(null),
  heightCm: whole('Height (cm)', L.heightMin, L.heightMax).nullable().default(null),
  weightKg: whole('Weight (kg)', L.weightMin, L.weightMax).nullable().default(null),
  measurements: measurements.default({}),
  /** Chest, waist and hips for everyone; off (the default), only for studios applied to (docs/resume.md). */
  measurementsPublic: z.boolean({ error: RESUME_MSG.measurementsPublicNotBoolean }).default(false),
  /** Optional: left out, the units the performer's texts already use are kept. */
  units: units.optional(),
});
export type ResumeBody = z.input<typeof resumeBody>;
export type ResumeInput = z.output<typeof resumeBody>;

export const resume = z.object({
  credits: z.array(credit.extend({ company: z.string(), director: z.string() })),
  training: z.array(course.extend({ school: z.string(), year: z.number().nullable() })),
  skills: z.array(skill),
  languages: z.array(language),
  accents: z.array(z.string()),
  union: z.object({ status: z.enum(UNION_STATUSES), name: z.string() }),
  representation: z.object({ agency: z.string(), contact: z.string(), email: z.string(), phone: z.string() }).nullable(),
  heightCm: z.number().nullable(),
  weightKg: z.number().nullable(),
  measurements: z.object({ chestCm: z.number().optional(), waistCm: z.number().optional(), hipsCm: z.number().optional(), shoeEu: z.number().optional() }),
  measurementsPublic: z.boolean(),
  units: z.object({ height: z.enum(HEIGHT_UNITS), weight: z.enum(WEIGHT_UNITS) }),
  /** The spec's free texts, as saved in step with the numbers. */
  height: z.string(),
  weight: z.string(),
});
export type Resume = z.infer<typeof resume>;
/** The résumé as others see it (portfolio, applicant card): the numbers and units, without the free texts the profile already shows, nor the performer's setting. */
export const shownResume = resume.omit({ height: true, weight: true, measurementsPublic: true });
export type ShownResume = z.infer<typeof shownResume>;

/** A failed field's path in words: ["credits", 2, "role"] is "Credit 3". */
function resumeFieldLabel(path: readonly PropertyKey[]): string | null {
  const [list, index] = path;
  if (typeof index !== 'number') return null;
  const n = index + 1;
  switch (list) {
    case 'credits':
      return RESUME_MSG.credit(n);
    case 'training':
      return RESUME_MSG.course(n);
    case 'skills':
      return RESUME_MSG.skill(n);
    case 'languages':
      return RESUME_MSG.language(n);
    case 'accents':
      return RESUME_MSG.accent(n);
    default:
      return null;
  }
}

/** One field's problem of a refused résumé: `field` is the zod path joined with dots ("credits.2.role"). */
export interface ResumeProblem {
  field: string;
  msg: string;
}

/** A refused PUT: the first problem as `msg`, and every one at its field. */
export const resumeRefusal = z.object({ msg: z.string(), code: z.string(), problems: z.array(z.object({ field: z.string(), msg: z.string() })).optional() });

/** Every problem of a refused résumé, in the body's order, each worded as `resumeProblem` words the first. */
export function resumeProblems(error: z.ZodError): ResumeProblem[] {
  return error.issues.map((issue) => {
    const label = resumeFieldLabel(issue.path);
    return { msg: label && !issue.message.startsWith(label) ? `${label}: ${issue.message}` : issue.message, field: issue.path.map(String).join('.') };
  });
}

/** The first problem of a refused résumé as `{ msg, field }`: the message names the entry ("Credit 3: Role is required"). */
export function resumeProblem(error: z.ZodError): { msg: string; field: string } {
  const issue = error.issues[0];
  if (!issue) return { msg: MSG.invalidBody, field: '' };
  const label = resumeFieldLabel(issue.path);
  return { msg: label && !issue.message.startsWith(label) ? `${label}: ${issue.message}` : issue.message, field: issue.path.map(String).join('.') };
}

/** The body measurements a viewer may be refused (docs/resume.md, "Who sees measurements"); the shoe size is not one. */
export const PRIVATE_MEASUREMENTS = ['chestCm', 'waistCm', 'hipsCm'] as const;
/** The résumé without chest, waist and hips, for a viewer who may not see them. */
export function withoutPrivateMeasurements<R extends { measurements: Resume['measurements'] }>(r: R): R {
  const { chestCm: _c, waistCm: _w, hipsCm: _h, ...rest } = r.measurements;
  return { ...r, measurements: rest };
}
