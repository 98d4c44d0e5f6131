/** Limits of studio pages and job posts, free of zod so the web bundle can import them. */
import { GENDERS, PROFESSIONS } from './profile-options.js';

export const JOB_LIMITS = {
  titleMax: 120,
  jobTypeMax: 100,
  descriptionMax: 4000,
  locationMax: 200,
  payMax: 100,
  imagesMax: 6,
  ageMax: 120,
  reasonMax: 1000,
  /**
   * Three reports from different accounts hide a job; reports made before an admin's
   * restore are spent, so a restored job needs three new ones (docs/marketplace.md).
   */
  reportsToHide: 3,
  /** Reports one account may make an hour, and one client address (docs/security.md). */
  reportsPerAccountPerHour: 5,
  reportsPerAddressPerHour: 20,
  /** Open jobs one studio may have at once; closing one makes room (docs/security.md). */
  openJobsMax: 50,
  /** Job posts one studio account may make an hour (a production casting many roles at once fits). */
  postsPerHour: 30,
  boardPage: 20,
  qMax: 100,
  /** The studio's own list (dashboard). */
  ownJobsMax: 500,
  studioDescMax: 5000,
} as const;

export const JOB_PROFESSIONS = [...PROFESSIONS, 'Any'] as const;
export const JOB_GENDERS = [...GENDERS, 'Any'] as const;
export const JOB_STATUSES = ['open', 'closed'] as const;
export const ROLES = ['performer', 'studio'] as const;
export type Role = (typeof ROLES)[number];
