/**
 * The field rules the web forms check before sending, written once with zod/mini (a few
 * KB in the browser instead of the whole of zod): the server's schemas embed these very
 * schemas, so a rule, its regex and its message exist in one place.
 */
import * as z from 'zod/mini';
import { APPLICATION_LIMITS } from './applications-limits.js';
import { AVAILABILITY_MSG } from './availability-texts.js';
import { CONTACT_LIMITS } from './contact-limits.js';
import { CONVERSATION_LIMITS, CONVERSATION_MSG } from './conversations-texts.js';
import { GUARDIAN_MSG } from './guardians-messages.js';
import { JOB_LIMITS } from './jobs-limits.js';
import { LIMITS } from './limits.js';
import { MARKET_MSG } from './marketplace-messages.js';
import { MSG } from './messages.js';
import { TALENT_LIMITS } from './talent-limits.js';
import { TEAM_LIMITS } from './team-messages.js';

/** C0 and C1 control characters and DEL: PostgreSQL refuses NUL, and none of them belongs in a form. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, except tab, line feed and carriage return, which a multi-line field keeps. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The check every text field starts with: no control characters (docs/product.md §5). */
const noControl = (label: string, multiline = false) =>
  z.refine<string>((value) => !(multiline ? CONTROL_MULTILINE : CONTROL).test(value), MSG.controlCharacters(label));

/** A required text: trimmed, not empty, bounded; `lowerCase` also lowercases it, `multiline` keeps tabs and line breaks. */
export const requiredText = (label: string, max: number = LIMITS.textMax, { lowerCase = false, multiline = false } = {}) =>
  z.string({ error: MSG.fillAllFields }).check(
    noControl(label, multiline),
    z.maxLength(max, MSG.tooLong(label, max)),
    z.trim(),
    ...(lowerCase ? [z.toLowerCase()] : []),
    z.minLength(1, MSG.fillAllFields),
  );

export const email = z
  .string({ error: MSG.fillAllFields })
  .check(
    noControl('Email'),
    z.maxLength(LIMITS.emailMax, MSG.tooLong('Email', LIMITS.emailMax)),
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, MSG.fillAllFields),
    z.regex(z.regexes.email, MSG.invalidEmail),
  );

export const password = z
  .string({ error: MSG.fillAllFields })
  .check(
    noControl('Password'),
    z.minLength(1, MSG.fillAllFields),
    z.minLength(LIMITS.passwordMin, MSG.passwordTooShort),
    // Characters as a person counts them (code points), as the server's JSON Schema check does:
    // four emoji are 8 UTF-16 units but 4 characters (issue 49, item 19).
    z.refine((v: string) => [...v].length >= LIMITS.passwordMin, MSG.passwordTooShort),
    z.maxLength(LIMITS.passwordMax, MSG.tooLong('Password', LIMITS.passwordMax)),
  );

export const phone = z
  .string({ error: MSG.fillAllFields })
  .check(
    noControl('Phone No.'),
    z.maxLength(LIMITS.phoneMax, MSG.tooLong('Phone No.', LIMITS.phoneMax)),
    z.trim(),
    z.minLength(1, MSG.fillAllFields),
    z.regex(/^\d+$/, MSG.invalidPhone),
    z.minLength(LIMITS.phoneMin, MSG.phoneTooShort(LIMITS.phoneMin)),
  );

/** The message of the first rule `value` breaks, or null when it keeps them all. */
export function firstProblem(schema: z.core.$ZodType, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  return result.success ? null : (result.error.issues[0]?.message ?? MSG.somethingWentWrong);
}

/** Sign-up's fields, in the order their problems are told. */
export const signupFields = {
  fname: requiredText('Fullname', LIMITS.nameMax, { lowerCase: true }),
  email,
  number: phone,
  password,
};

/** The contact form's fields. */
export const contactFields = {
  email,
  number: phone,
  message: requiredText('Message', CONTACT_LIMITS.messageMax, { multiline: true }),
};

/**
 * Every field's first problem at once, keyed by field (the forms mark each wrong field):
 * an empty field is named (`labels`), anything else carries the rule's own message.
 */
export function problemsByField<K extends string>(
  schema: z.core.$ZodType,
  value: Record<K, unknown>,
  labels?: Partial<Record<K, string>>,
): Partial<Record<K, string>> {
  const problems: Partial<Record<K, string>> = {};
  const result = z.safeParse(schema, value);
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as K | undefined;
    if (field === undefined || problems[field]) continue;
    const raw = value[field];
    const label = labels?.[field];
    problems[field] = label && (raw === undefined || (typeof raw === 'string' && !raw.trim())) ? MSG.required(label) : issue.message;
  }
  return problems;
}
/** An optional text: may be empty, no control characters, at most `max` characters as sent. */
const optionalTextRule = (label: string, max: number = LIMITS.textMax) =>
  z.string().check(noControl(label), z.maxLength(max, MSG.tooLong(label, max)), z.trim());

/** A name that must not be left empty (issue 49, item 11: an empty name was "Saved" and the old one kept). */
const requiredNameRule = (label: string, max: number) =>
  z.string().check(noControl(label), z.maxLength(max, MSG.tooLong(label, max)), z.trim(), z.minLength(1, MSG.required(label)));

/** An age: empty, or a whole number from 1 to 120 (the server's appearanceForm holds the same). */
export const isAge = (v: string) => v.trim() === '' || (/^\d{1,3}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 120);

/** Every field's problem at once, by field: what a form marks at its fields (docs/screens.md). */
export function problemsOf<F extends Record<string, z.core.$ZodType>>(fields: F, values: { [K in keyof F]: unknown }): Partial<Record<keyof F, string>> {
  const problems: Partial<Record<keyof F, string>> = {};
  for (const key of Object.keys(fields) as (keyof F & string)[]) {
    const problem = firstProblem(fields[key]!, values[key]);
    if (problem) problems[key] = problem;
  }
  return problems;
}

/** /editProfile's text fields, checked before the save (the server's basicInfoForm holds the same limits). */
export const basicInfoFields = {
  fname: requiredNameRule('Name', LIMITS.nameMax),
  location: optionalTextRule('Location'),
  profileUrl: optionalTextRule('Profile URL', LIMITS.urlMax).check(
    z.refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), MSG.profileUrlInvalid),
  ),
};

/** /editapperance's fields and their limits (the server's appearanceForm holds the same). */
export const APPEARANCE_LIMITS = { age: 20, height: 40, weight: 40, bodyType: 60, hairColor: 60, eyeColor: 60 } as const;
export const appearanceFields = {
  age: optionalTextRule('Age', APPEARANCE_LIMITS.age).check(z.refine(isAge, MSG.ageInvalid)),
  height: optionalTextRule('Height', APPEARANCE_LIMITS.height),
  weight: optionalTextRule('Weight', APPEARANCE_LIMITS.weight),
  bodyType: optionalTextRule('Body Type', APPEARANCE_LIMITS.bodyType),
  hairColor: optionalTextRule('Hair Color', APPEARANCE_LIMITS.hairColor),
  eyeColor: optionalTextRule('Eye Color', APPEARANCE_LIMITS.eyeColor),
};

/** /dashboard/studio's text fields, checked before the save (the server's studioMeBody holds the same limits). */
export const studioPageFields = {
  fname: requiredNameRule('Name', LIMITS.nameMax),
  location: optionalTextRule('Location', JOB_LIMITS.locationMax),
  number: z.union([z.literal(''), phone]),
  projectDesc: z.string().check(noControl('Description', true), z.maxLength(JOB_LIMITS.studioDescMax, MSG.tooLong('Description', JOB_LIMITS.studioDescMax))),
};

/** A studio's private rating of a performer (the server's reviewBody holds the same rules). */
export const reviewFields = {
  rating: z.number().check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, MARKET_MSG.mustBeWhole('Rating', 1, 5))),
  note: z.string().check(noControl('Note', true), z.maxLength(TALENT_LIMITS.noteMax, MSG.tooLong('Note', TALENT_LIMITS.noteMax))),
};

/** /join/{token}'s fields (the server's joinBody holds the same limits and the same password rule). */
export const joinFields = {
  name: requiredNameRule('Name', TEAM_LIMITS.nameMax),
  password,
};

/** The password a person types to prove it is them (the server's currentPassword, account.ts): never length-ruled. */
export const currentPassword = z
  .string({ error: MSG.fillAllFields })
  .check(z.minLength(1, MSG.fillAllFields), z.maxLength(LIMITS.passwordMax, MSG.currentPasswordWrong));

/** /settings' change of password (the server's changePasswordBody holds the same rules; the repeat is the page's own). */
export const changePasswordFields = { current: currentPassword, password };

/** /settings' deletion of the account: its password (the server's deleteAccountBody). */
export const deleteAccountFields = { password: currentPassword };

/** The studio's rating and note of one applicant (the server's reviewBody in applications.ts holds the same rules). */
export const applicationReviewFields = {
  note: z.string().check(noControl('Note', true), z.maxLength(APPLICATION_LIMITS.studioNoteMax, MSG.tooLong('Note', APPLICATION_LIMITS.studioNoteMax))),
};

/** A new shortlist's name on /dashboard/shortlists (the server's shortlist body holds the same limit). */
export const shortlistFields = {
  name: requiredNameRule('Shortlist name', TALENT_LIMITS.shortlistNameMax),
};

/** A message's text in a conversation (the server's message body holds the same limit). */
export const messageFields = {
  text: z.string().check(
    z.refine((v) => v.trim() !== '', CONVERSATION_MSG.textRequired),
    z.maxLength(CONVERSATION_LIMITS.textMax, CONVERSATION_MSG.textTooLong(CONVERSATION_LIMITS.textMax)),
  ),
};

/**
 * /editProfile's date of birth (docs/guardians.md): a day between `bounds.min` and `bounds.max`
 * (the reader's today); under 18 (`minor`) the guardian's name and e-mail are required too.
 */
export const ageFields = (bounds: { min: string; max: string }, minor: boolean) => ({
  dateOfBirth: z
    .string()
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, GUARDIAN_MSG.dateOfBirthInvalid),
      z.refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || v <= bounds.max, GUARDIAN_MSG.dateOfBirthFuture),
      z.refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || v >= bounds.min, GUARDIAN_MSG.dateOfBirthTooOld),
    ),
  'guardian.name': z.string().check(z.refine((v) => !minor || v.trim() !== '', GUARDIAN_MSG.guardianNameRequired)),
  'guardian.email': z
    .string()
    .check(
      z.refine((v) => !minor || v.trim() !== '', GUARDIAN_MSG.guardianRequired),
      z.refine((v) => !minor || v.trim() === '' || z.regexes.email.test(v.trim()), MSG.invalidEmail),
    ),
});

/** One unavailable range on /profile (the server's availability body holds the same checks): both days, To not before From. */
export function availabilityRowProblems(row: { from: string; to: string }): { from?: string; to?: string } {
  if (!row.from) return { from: AVAILABILITY_MSG.day('From') };
  if (!row.to) return { to: AVAILABILITY_MSG.day('To') };
  if (row.to < row.from) return { to: AVAILABILITY_MSG.order };
  return {};
}
