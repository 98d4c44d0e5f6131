/** The performer's profile: getUserData, updateBasicInfo, updateAppearance (docs/product.md §3, §5, §7). */
import { z } from 'zod';
import { APPEARANCE_LIMITS, isAge } from './field-rules.js';
import { optionalText, text } from './fields.js';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

import { GENDERS, PROFESSIONS, TITLES, VISIBILITIES } from './profile-options.js';

export * from './profile-options.js';

export const userProfile = z.object({
  _id: z.string(),
  fname: z.string(),
  email: z.string(),
  number: z.string(),
  gender: z.string(),
  pronoun: z.string(),
  profileUrl: z.string(),
  category: z.string(),
  visibility: z.enum(VISIBILITIES),
  profilePic: z.string(),
  location: z.string(),
  age: z.string(),
  height: z.string(),
  weight: z.string(),
  bodyType: z.string(),
  hairColor: z.string(),
  eyeColor: z.string(),
  photos: z.array(z.string()),
  videos: z.array(z.string()),
  audios: z.array(z.string()),
  subscriptionName: z.string(),
  subscriptionPrice: z.number(),
  daysLeft: z.number(),
  /** Whether the performer has saved the profile form: until then title, gender and profession are defaults, not choices (docs/talent.md). */
  profileStated: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

const choice = <T extends readonly [string, ...string[]]>(label: string, values: T, fallback: T[number]) =>
  z
    .enum(values, { error: `${label} must be one of: ${values.join(', ')}` })
    .or(z.literal('').transform(() => fallback))
    .default(fallback);

export const basicInfoForm = z.object({
  // Missing keeps the name (older clients); sent but blank is refused (issue 49, item 11).
  fname: text('Name').max(LIMITS.nameMax, MSG.tooLong('Name', LIMITS.nameMax)).trim().refine((v) => v !== '', MSG.required('Name')).optional().transform((v) => v ?? ''),
  location: optionalText('Location'),
  gender: choice('Gender', GENDERS, 'Male'),
  profileUrl: optionalText('Profile URL', LIMITS.urlMax).refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), {
    error: MSG.profileUrlInvalid,
  }),
  pronoun: choice('Title', TITLES, 'Mr.'),
  category: choice('Profession', PROFESSIONS, 'Actor'),
  profilePic: optionalText('Profile picture', LIMITS.urlMax),
});
export type BasicInfoForm = z.input<typeof basicInfoForm>;

export const visibilityBody = z.object({
  visibility: z.enum(VISIBILITIES, { error: "Visibility must be 'public' or 'private'" }),
});

export const appearanceForm = z.object({
  fname: optionalText('Name', LIMITS.nameMax),
  location: optionalText('Location'),
  gender: choice('Gender', GENDERS, 'Male'),
  age: optionalText('Age', APPEARANCE_LIMITS.age).refine(isAge, MSG.ageInvalid),
  height: optionalText('Height', APPEARANCE_LIMITS.height),
  weight: optionalText('Weight', APPEARANCE_LIMITS.weight),
  bodyType: optionalText('Body Type', APPEARANCE_LIMITS.bodyType),
  hairColor: optionalText('Hair Color', APPEARANCE_LIMITS.hairColor),
  eyeColor: optionalText('Eye Color', APPEARANCE_LIMITS.eyeColor),
});
export type AppearanceForm = z.input<typeof appearanceForm>;
