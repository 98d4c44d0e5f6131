/**
 * Texts of the casting side (studio accounts, job posts, the job board), written once.
 * Kept apart from messages.ts, which holds the spec's own texts.
 */
export const MARKET_MSG = {
  studioName: 'Studio name',
  accountIsOther: (kind: 'performer' | 'studio') =>
    kind === 'studio'
      ? 'This e-mail already has a studio account. Please log in, or use another e-mail.'
      : 'This e-mail already has a performer account. Please log in, or use another e-mail.',
  performersOnly: 'This is for performer accounts. Studio accounts manage their page from the dashboard.',
  studiosOnly: 'This is for studio accounts.',
  noStudioPage: 'This account has no studio page.',
  jobNotFound: 'This job was not found. It may have been closed or removed.',
  jobHasApplicants: 'Someone has applied to this job, so it cannot be deleted. Close it instead.',
  jobClosedEdit: 'This job is closed.',
  alreadyReported: 'You have already reported this job.',
  tooManyOpenJobs: (max: number) => `You have ${max} open jobs, the most a studio may have at once. Close one before posting another.`,
  reportThanks: 'Thank you. We will review this job.',
  unknownField: (keys: readonly PropertyKey[]) => `Unknown field: ${keys.map(String).join(', ')}`,
  mustBeText: (label: string) => `${label} must be text`,
  mustBeWhole: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}`,
  oneOf: (label: string, values: readonly string[]) => `${label} must be one of: ${values.join(', ')}`,
  ageOrder: 'Age from must not be above Age to',
  deadlineFormat: 'Deadline must be a date (YYYY-MM-DD) or empty',
  deadlinePast: 'Deadline must not be in the past',
  tooManyImages: (max: number) => `Images: at most ${max} pictures`,
  imageUrl: 'Images must be picture addresses',
  pictureNotYours: (label: string) => `${label}: this picture was not uploaded to your account. Please upload it again.`,
  invalidJobsCursor: 'This page link is not valid. Please reload the board.',
  // Screens.
  dashboard: 'Dashboard',
  unverified: 'Unverified studio: Audition has not checked this studio yet.',
  /** The dashboard's word to an unverified studio (docs/marketplace.md, "Verification explained"). */
  unverifiedWhat:
    'Verification is our check that a studio is a real casting business. Until we have checked yours, performers see "Unverified studio" on your page, your jobs and the job board.',
  unverifiedHow: 'To be verified, complete your studio page (name, location, about and a photo), then write to us from the Contact page; we check it and mark your studio verified.',
  verifiedBadge: 'Verified studio',
  /** How many jobs the board found so far; "+" while more pages wait. */
  jobCount: (n: number, more: boolean) => `${n}${more ? '+' : ''} ${n === 1 && !more ? 'job' : 'jobs'} found`,
  noJobs: 'No open jobs match these filters.',
  noOwnJobs: 'You have not posted a job yet.',
  jobsTitle: 'Jobs',
  /** The job board's filters: the form's name, its fields and a select's "no filter". */
  boardFilters: 'Filter jobs',
  boardSearch: 'Search',
  boardProfession: 'Profession',
  boardGender: 'Gender',
  boardLocation: 'Location',
  boardAll: 'All',
  moreJobs: 'More jobs',
  postJob: 'Post a job',
  saved: 'Saved.',
  apply: 'Apply',
  closeJob: 'Close job',
  deleteJob: 'Delete job',
  deleteJobTitle: 'Delete this job?',
  deleteJobText: 'Its page and images are gone for good. This cannot be undone.',
  jobClosed: 'This job is closed.',
  browseJobs: 'Browse jobs on the web',
  report: 'Report this job',
} as const;
