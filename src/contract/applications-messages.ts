/** Texts of applications and notifications, written once (docs/applications.md). */
import type { ApplicationStatus, StudioStatus } from './applications-limits.js';

const STATUS_LABELS: Record<ApplicationStatus, string> = {
  applied: 'Applied',
  viewed: 'Viewed',
  shortlisted: 'Shortlisted',
  auditioning: 'Auditioning',
  booked: 'Booked',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
};

/**
 * The studio's move to each status, as its button reads (the card, the board's bulk bar and
 * the decision dialog's confirm): the one source of these labels.
 */
const STUDIO_ACTIONS: Record<StudioStatus, string> = {
  shortlisted: 'Shortlist',
  auditioning: 'Audition',
  booked: 'Book',
  declined: 'Decline',
};

/** What the performer is told when their application moves to this status. */
const STATUS_NEWS: Record<ApplicationStatus, string> = {
  applied: 'was sent',
  viewed: 'was viewed by the studio',
  shortlisted: 'was shortlisted',
  auditioning: 'moved to auditions: the studio wants to audition you',
  booked: 'was booked. Congratulations!',
  declined: 'was declined by the studio',
  withdrawn: 'was withdrawn',
  // Always followed by its reason line ("Reason: The role has closed."), which says why.
  closed: 'was closed without a decision',
};

/** " (as Lead)" after a job's title, unless the role has no name of its own. */
const roleSuffix = (role: string, jobTitle: string) => (role && role !== jobTitle ? ` (as ${role})` : '');

export const APP_MSG = {
  statusLabel: (s: ApplicationStatus) => STATUS_LABELS[s],
  // The role is named (issue 49, item 2): two roles of one job are two applications.
  notice: (status: ApplicationStatus, jobTitle: string, studio: string, role = '') => `Your application to “${jobTitle}”${roleSuffix(role, jobTitle)} at ${studio} ${STATUS_NEWS[status]}.`,
  mailSubject: (status: ApplicationStatus, jobTitle: string, role = '') => `Your application to “${jobTitle}”${roleSuffix(role, jobTitle)}: ${STATUS_LABELS[status]}`,
  /** "Zoë Ångström — Lead": a person with the role they applied to. */
  withRole: (who: string, role: string) => (role ? `${who} — ${role}` : who),
  planRequired: 'Applying to jobs needs a plan. Choose one on the Subscription page.',
  /** `renews`: a next plan is queued, so the allowance starts again on `day`; else the plan ends then (issue 49 item 21). */
  quotaExhausted: (limit: number, day: string, renews = false) =>
    renews
      ? `You have used all ${limit} applications of this period. They start again on ${day} with your next plan, or choose Platinum for unlimited applications.`
      : `You have used all ${limit} applications of your plan, which ends on ${day}. Choose Platinum for unlimited applications.`,
  alreadyApplied: 'You have already applied to this job.',
  jobClosed: 'This job is closed and takes no more applications.',
  applicationNotFound: 'This application was not found.',
  invalidApplicantsCursor: 'This page link is not valid. Please reload the applicants.',
  applicantsLimit: (max: number) => `Limit must be a whole number from 1 to ${max}`,
  mediaNotYours: 'Media: choose only your own photos, videos and audios.',
  tooManyMedia: (max: number) => `Media: at most ${max} files`,
  mediaUrl: 'Media must be addresses of your photos, videos or audios',
  finalStatus: (s: ApplicationStatus) => `This application is ${STATUS_LABELS[s].toLowerCase()} and can no longer change.`,
  cannotWithdraw: (s: ApplicationStatus) => `This application is ${STATUS_LABELS[s].toLowerCase()} and cannot be withdrawn.`,
  ratingRange: 'Rating must be a whole number from 1 to 5',
  deletedAccount: 'Deleted account',
  nothingToChange: 'Give a rating or a note.',
  // Screens.
  applicationsTitle: 'Applications',
  applyTitle: 'Apply to this job',
  noteLabel: 'Note to the studio',
  charsLeft: (n: number) => `${n} characters left`,
  charsOver: (n: number) => (n === 1 ? '1 character too many' : `${n} characters too many`),
  chooseMedia: (max: number) => `Choose up to ${max} of your photos, videos and audios`,
  noMedia: 'You have no photos, videos or audios yet. Add some on your profile to send them with applications.',
  privateWarning: 'Your profile is private. This studio will see it, with what you send, when you apply.',
  sendApplication: 'Send application',
  applied: 'Application sent. Follow it on your Applications page.',
  alreadyAppliedScreen: 'You have applied to this job.',
  seeApplications: 'See your applications',
  choosePlan: 'Choose a plan',
  /** Says when the allowance resets only while a next plan follows; else when the plan ends (issue 49 item 21). */
  quotaLine: (used: number, limit: number | null, day: string, renews = false) =>
    limit === null
      ? `${used} used this period, unlimited with your plan`
      : renews
        ? `${used} of ${limit} used this period, resets on ${day} with your next plan`
        : `${used} of ${limit} used, until your plan ends on ${day}`,
  noPlanLine: 'You have no plan yet: choose one to apply to jobs.',
  noApplications: 'You have not applied to a job yet. Find one on the job board.',
  browseJobs: 'Browse jobs',
  withdraw: 'Withdraw',
  confirmWithdrawTitle: 'Withdraw this application?',
  confirmWithdraw: 'Withdraw this application? It still counts towards this period.',
  timeline: 'Timeline',
  applicants: 'Applicants',
  noApplicants: 'Nobody has applied yet. Applicants appear here as a board by status.',
  noneInColumn: 'None',
  open: 'Open',
  moveTo: (label: string) => `Move to ${label.toLowerCase()}`,
  action: (s: StudioStatus) => STUDIO_ACTIONS[s],
  ratingLabel: 'Your rating (1–5, private)',
  studioNoteLabel: 'Your note (private)',
  saveReview: 'Save rating and note',
  performerNote: 'Their note',
  sentMedia: 'What they sent',
  appearance: 'Appearance',
  close: 'Close',
  // Notifications.
  notifications: 'Notifications',
  noNotifications: 'Nothing new. Updates about your applications appear here.',
  /** A studio's empty bell: it hears of applicants, not of applications of its own. */
  noStudioNotifications: 'Nothing new. New applicants to your jobs appear here.',
  markAllRead: 'Mark all as read',
  unread: (n: number) => (n === 1 ? '1 unread notification' : `${n} unread notifications`),
  emailChoices: 'E-mail me about',
  emailApplications: 'Changes to my applications',
  emailMessages: 'New messages',
  emailApplicants: 'New applicants to my jobs (at most one e-mail an hour per job)',
  // The studio hears of applicants (docs/applications.md).
  applicantNotice: (performer: string, job: string, role = '') => `${performer} applied to ${job}${roleSuffix(role, job)}.`,
  // `people` applicants sent `applications` (one a role): "2 people, 3 applications".
  /** "2 new applicants for Family ad: Mother, Daughter"; a job's only role named as the job is not said twice. */
  applicantsMailSubject: (people: number, job: string, roles: readonly string[] = []) => {
    const named = roles.filter((r) => r.trim() && r.trim() !== job.trim());
    return `${people === 1 ? '1 new applicant' : `${people} new applicants`} for ${job}${named.length ? `: ${named.join(', ')}` : ''}`;
  },
  applicantsMailLine: (people: number, applications: number, job: string) =>
    people === applications
      ? people === 1
        ? `Someone new applied to ${job}.`
        : `${people} people applied to ${job} since the last e-mail.`
      : `${people === 1 ? '1 person' : `${people} people`}, ${applications} applications (one a role) to ${job} since the last e-mail.`,
  seeApplicants: 'See the applicants',
  choicesSaved: 'Notification choices saved.',
} as const;
