/** Limits and statuses of applications, free of zod so the web bundle's small pieces can import them. */
import type { PlanName } from './plans.js';

export const APPLICATION_LIMITS = {
  noteMax: 1000,
  mediaMax: 10,
  studioNoteMax: 2000,
  /** The studio's applicant list answers at most this many per call. */
  listMax: 500,
  /** Applicants a page when the list is paged (a `cursor` or `limit` sent; docs/applications.md, "The applicant list in pages"). */
  listPage: 50,
  notificationsPage: 50,
  /** Status moves one studio account may make a minute (docs/applications.md, "No floods"). */
  movesPerStudioPerMinute: 60,
  /** A move to a status that is not final e-mails the performer at most once in this many minutes per application. */
  movedMailEveryMinutes: 60,
} as const;

/** Applications per subscription period; null is unlimited (docs/applications.md). */
export const APPLICATIONS_PER_PERIOD: Record<PlanName, number | null> = { Platinum: null, Gold: 70, Silver: 70 };

export const APPLICATION_STATUSES = ['applied', 'viewed', 'shortlisted', 'auditioning', 'booked', 'declined', 'withdrawn', 'closed'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** What the studio may set. */
export const STUDIO_STATUSES = ['shortlisted', 'auditioning', 'booked', 'declined'] as const;
export type StudioStatus = (typeof STUDIO_STATUSES)[number];
/** Nothing moves an application out of these. */
export const FINAL_STATUSES: readonly ApplicationStatus[] = ['booked', 'declined', 'withdrawn', 'closed'];
/** Still waiting for the studio: closing the job turns these into closed. */
export const UNDECIDED_STATUSES = ['applied', 'viewed', 'shortlisted', 'auditioning'] as const;

/** The applicant list's orders by application time (docs/applications.md, "The applicant list in pages"). */
export const APPLICANT_ORDERS = ['oldest', 'newest'] as const;
export type ApplicantOrder = (typeof APPLICANT_ORDERS)[number];

export const MEDIA_TYPES = ['photos', 'videos', 'audios'] as const;
