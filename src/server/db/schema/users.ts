/** Accounts (performers and studios) and their pending sign-ups. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  fname: text('fname').notNull(),
  number: text('number').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  /** performer or studio (docs/marketplace.md); one e-mail is one account of one kind. */
  role: text('role').notNull().default('performer'),
  /**
   * Set on a member of a casting office (docs/team.md): the studio it acts for. Its role is
   * then 'member', and `studioRole` says what it may do there (casting or viewer).
   */
  memberOf: uuid('member_of').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
  studioRole: text('studio_role'),
  /** Bumped to revoke every token issued before (password change, log out everywhere). */
  tokenVersion: integer('token_version').notNull().default(0),
  pronoun: text('pronoun').notNull().default('Mr.'),
  gender: text('gender').notNull().default('Male'),
  category: text('category').notNull().default('Actor'),
  profileUrl: text('profile_url').notNull().default(''),
  visibility: text('visibility').notNull().default('public'),
  profilePic: text('profile_pic').notNull().default(''),
  location: text('location').notNull().default(''),
  age: text('age').notNull().default(''),
  height: text('height').notNull().default(''),
  weight: text('weight').notNull().default(''),
  bodyType: text('body_type').notNull().default(''),
  hairColor: text('hair_color').notNull().default(''),
  eyeColor: text('eye_color').notNull().default(''),
  subscriptionName: text('subscription_name').notNull().default(''),
  subscriptionPrice: numeric('subscription_price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  subscriptionStart: timestamp('subscription_start', { withTimezone: true }),
  subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
  /**
   * A cheaper plan bought while a dearer one runs (docs/product.md §11.10): it takes over at
   * subscriptionEnd for SUBSCRIPTION_DAYS. Readers see it take over without a write
   * (contract/plan-in-force.ts); the next purchase writes it in. '' when none.
   */
  queuedPlanName: text('queued_plan_name').notNull().default(''),
  queuedPlanPrice: numeric('queued_plan_price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  /** The order that paid for the queued plan, so past payments can mark it. */
  queuedOrderId: text('queued_order_id'),
  /** E-mail choices per kind of notification, set at /settings (docs/marketplace.md §7). */
  emailApplications: boolean('email_applications').notNull().default(true),
  emailMessages: boolean('email_messages').notNull().default(true),
  /** A studio's choice: the hourly e-mail of new applicants per job (docs/applications.md "The studio hears of applicants"). */
  emailApplicants: boolean('email_applicants').notNull().default(true),
  /** The account's IANA time zone (docs/account.md, "Time zone"): mails and notices write times in it; null is UTC. */
  timeZone: text('time_zone'),
  /** Bumped on every change of what getUserData shows; the ETag is made from it. */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // Talent search (docs/talent.md): kept by the users_talent_fields trigger on every write
  // of the row and by user_media's trigger, so no save can forget them.
  /** The height text read as centimetres; null when it does not parse. */
  heightCm: integer('height_cm'),
  /** The age text read as whole years; null when it does not parse. */
  ageYears: integer('age_years'),
  // The résumé's search keys (docs/resume.md): weight_kg kept by the users_resume_fields
  // trigger from the weight text; the others written by the résumé's save.
  /** The weight text read as kilograms ("70 kg", "154 lb"); null when it does not parse. */
  weightKg: integer('weight_kg'),
  /** The résumé's skill and language names, folded (lower case, no accents). */
  skillKeys: text('skill_keys').array().notNull().default(sql`'{}'::text[]`),
  languageKeys: text('language_keys').array().notNull().default(sql`'{}'::text[]`),
  /** none, member or eligible. */
  unionStatus: text('union_status').notNull().default('none'),
  photoCount: integer('photo_count').notNull().default(0),
  videoCount: integer('video_count').notNull().default(0),
  audioCount: integer('audio_count').notNull().default(0),
  /** How many of the profile's parts are filled in (0–12). */
  completeness: integer('completeness').notNull().default(0),
  /** When the profile last changed; a plan purchase is not a change of the profile. */
  profileChangedAt: timestamp('profile_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the performer first saved the profile form. Until then the title, gender and profession
   * are the form's defaults, not choices: search, fit and recommendations treat them as not stated
   * (docs/talent.md, "Stated, not defaulted").
   */
  profileStatedAt: timestamp('profile_stated_at', { withTimezone: true }),
  },
  (t) => [
    index('users_member_of_idx').on(t.memberOf).where(sql`${t.memberOf} is not null`),
    // The search's order without a text, walked backwards from the cursor and filtered as it
    // goes. Ascending on purpose, as jobs_board_idx is: the search orders all three DESC.
    index('users_talent_order_idx')
      .on(t.completeness, t.profileChangedAt, t.id)
      .where(sql`${t.role} = 'performer' and ${t.visibility} = 'public'`),
    index('users_talent_location_trgm')
      .using('gin', sql`${t.location} gin_trgm_ops`)
      .where(sql`${t.role} = 'performer' and ${t.visibility} = 'public'`),
    index('users_talent_height_idx').on(t.heightCm).where(sql`${t.role} = 'performer' and ${t.visibility} = 'public'`),
    index('users_talent_age_idx').on(t.ageYears).where(sql`${t.role} = 'performer' and ${t.visibility} = 'public'`),
    index('users_talent_skills_idx').using('gin', t.skillKeys).where(sql`${t.role} = 'performer' and ${t.visibility} = 'public'`),
    index('users_talent_languages_idx').using('gin', t.languageKeys).where(sql`${t.role} = 'performer' and ${t.visibility} = 'public'`),
    index('users_talent_union_idx')
      .on(t.unionStatus, t.completeness, t.profileChangedAt, t.id)
      .where(sql`${t.role} = 'performer' and ${t.visibility} = 'public' and ${t.unionStatus} <> 'none'`),
  ],
);

export const pendingSignups = pgTable('pending_signups', {
  email: text('email').primaryKey(),
  fname: text('fname').notNull(),
  number: text('number').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** The kind of account verify creates: performer or studio. */
  role: text('role').notNull().default('performer'),
  /** HMAC of the code under the server secret; the code itself is never stored. */
  codeHash: text('code_hash').notNull(),
  /** Tries on the current code, the right one included; 5 and the code is dead. */
  wrongTries: integer('wrong_tries').notNull().default(0),
  /**
   * Tries on every code of this e-mail since `emailTriesSince`; a new code does not reset
   * them, so re-sending cannot buy more than 10 guesses an hour (docs/security.md).
   */
  emailTries: integer('email_tries').notNull().default(0),
  emailTriesSince: timestamp('email_tries_since', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
