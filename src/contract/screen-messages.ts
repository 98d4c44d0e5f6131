/**
 * Texts of the screens' frame (docs/screens.md): the tab titles of every route, the
 * skip link, the edit screens' safety texts, uploads and the studio search.
 */
export const APP_NAME = 'Audition';
/** The tab's title before a route names itself (index.html has the same). */
export const APP_TITLE = 'Audition — casting portal';

/** Each route's tab title, before " · Audition". */
export const PAGE_TITLES = {
  home: 'Home',
  join: 'Join a studio',
  contact: 'Contact us',
  studios: 'Studios',
  studio: 'Studio',
  download: 'Download the app',
  editProfile: 'Edit profile',
  info: 'Basic info',
  appearance: 'Appearance',
  editAppearance: 'Edit appearance',
  editResume: 'Edit résumé',
  subscription: 'Subscription',
  photos: 'Photos',
  videos: 'Videos',
  audios: 'Audios',
  login: 'Log in',
  signup: 'Sign up',
  profile: 'Profile',
  forgotPassword: 'Forgot password',
  resetPassword: 'Choose a new password',
  settings: 'Settings',
  admin: 'Admin console',
  studioSignup: 'Studio sign-up',
  dashboard: 'Dashboard',
  studioEdit: 'Edit studio page',
  newJob: 'Post a job',
  editJob: 'Edit job',
  applicantBoard: 'Applicants',
  jobs: 'Jobs',
  job: 'Job',
  terms: 'Terms',
  privacy: 'Privacy Policy',
  messages: 'Messages',
  portfolio: 'Portfolio',
  reviewRoom: 'Review room',
  guardianConsent: 'Consent for a young performer',
  talentSearch: 'Talent search',
  shortlists: 'Shortlists',
  applications: 'Applications',
  recordTape: 'Record your tape',
  schedule: 'Audition schedule',
  selfTapes: 'Self-tapes',
  requestTapes: 'Request self-tapes',
  notFound: 'Page not found',
} as const;

export const SCREEN_MSG = {
  /** The loading overlay's words while the appearance is saved. */
  savingAppearance: 'Saving your appearance…',
  skipToContent: 'Skip to content',
  /** A page the account cannot use (docs/screens.md, "Wrong place, said"). */
  wrongPlace: {
    performerOnStudioPage: {
      title: 'This page is for studios',
      why: 'You are logged in as a performer. Studios post jobs and review applicants here; your auditions and applications are on your own pages.',
      link: 'Find jobs',
      to: '/jobs',
    },
    studioOnPerformerPage: {
      title: 'This page is for performers',
      why: 'You are logged in as a studio. Performers keep their profile, media and plan here; your jobs and applicants are on your dashboard.',
      link: 'Go to your dashboard',
      to: '/dashboard',
    },
    /** A studio member on a screen its role cannot use (docs/team.md). */
    roleTooLow: {
      title: 'Your role cannot use this page',
      why: 'Your role in this studio does not allow this page. Ask the studio’s owner if you need it.',
      link: 'Go to your dashboard',
      to: '/dashboard',
    },
    signedIn: {
      title: 'You are already logged in',
      why: 'This account is signed up and logged in. To make another account, log out first.',
      link: 'Go to your account',
      to: '/profile',
    },
  },
  /** The menu button of the top bar on a phone (docs/screens.md, "A one-row bar on a phone"). */
  menu: 'Menu',
  // The profile before its form was first saved (docs/talent.md, "Stated, not defaulted").
  completeProfile: 'Your title, gender and profession are still the defaults, so studios don’t see them in talent search or job matches yet.',
  completeProfileLink: 'Complete your profile',
  // The edit screens.
  saved: 'Saved',
  leaveTitle: 'Leave without saving?',
  leaveMessage: 'Your changes on this page are not saved yet. If you leave now, they are lost.',
  leaveConfirm: 'Leave',
  checkFields: (count: number) => (count === 1 ? 'Please correct the marked field.' : `Please correct the ${count} marked fields.`),
  // /studio's search.
  studioSearchLabel: 'Studio name',
  studioLocationLabel: 'Location',
  studioSearchSubmit: 'Search',
  studioSearchClear: 'Show all studios',
  studioMatches: (total: number) => (total === 1 ? '1 studio found' : `${total} studios found`),
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  noMatches: 'No studio matches this search. Check the spelling, or try a shorter name or another city.',
  // Uploads.
  dropHere: (plural: string) => `Choose or drop several ${plural} at once.`,
  uploadingOf: (index: number, count: number, percent: number) => `${index} of ${count} · Uploading… ${percent}%`,
  photoChosen: (name: string) => `Chosen: ${name}. It is saved with the profile.`,
  /** The loading overlay's button while an upload can still be stopped. */
  busyCancel: 'Cancel',
  /** After Cancel: what was not added, and what was kept (files already done stay). */
  uploadCancelled: (kept: number, skipped: number, noun: string, plural: string) => {
    const count = (n: number) => `${n} ${n === 1 ? noun : plural}`;
    const notAdded = `Upload cancelled: ${count(skipped)} not added.`;
    if (kept === 0) return notAdded;
    return `${notAdded} ${kept === 1 ? `The ${noun} already uploaded stays` : `The ${count(kept)} already uploaded stay`} in your list.`;
  },
} as const;

/** /settings, for either kind of account (docs/account.md "Studio settings"). */
export const SETTINGS_MSG = {
  /** The loading overlay's words while the account is deleted. */
  deleting: 'Deleting…',
  signedInAs: (email: string) => `Signed in as ${email}`,
  signedInAsStudio: (name: string) => `Signed in as the studio ${name}`,
  exportPerformer:
    'One JSON file with everything Audition stores about your account: profile, appearance, media links, payments, subscription, applications, notifications and the messages you sent us.',
  exportStudio:
    'One JSON file with everything Audition stores about your studio account: your studio page, every job you posted with its applicant counts, your notifications, shortlists and the messages you sent us.',
  /** The deletion dialog's word to a performer with a plan (issue 36 item 11): no refund for the days left. */
  paidDaysLost: (plan: string, days: number) =>
    `Your ${plan} plan has ${days} paid ${days === 1 ? 'day' : 'days'} left; they are lost with the account and not refunded.`,
  deletePerformer:
    'Your profile, photos, videos and audios are deleted for good. Payment records are kept for accounting, without your name. You can sign up again later with the same e-mail.',
  deleteStudio:
    'Your studio page and its pictures are deleted for good. Your open jobs close, and everyone still waiting on one of them is told the role was closed. Jobs nobody applied to are deleted. You can sign up again later with the same e-mail.',
} as const;
