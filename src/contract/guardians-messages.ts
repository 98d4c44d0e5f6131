/**
 * Texts of young performers and their guardians (docs/guardians.md). Schema-free, so the
 * screens import it without zod.
 */
export const ADULT_AGE = 18;
/** The consent link lives this many days. */
export const GUARDIAN_LINK_DAYS = 14;
/** The oldest date of birth accepted, in years before today. */
export const OLDEST_AGE = 100;

export const GUARDIAN_MSG = {
  minorLabel: 'Under 18 — guardian consented',
  guardianAttends: 'A guardian attends',
  consentNeeded: 'A guardian must consent before this account can apply, be messaged or be found by studios.',
  guardianRequired: 'Under 18, a guardian’s name and e-mail are required.',
  guardianEmailOwn: 'The guardian’s e-mail must not be your own.',
  guardianNameRequired: 'Please give the guardian’s name.',
  dateOfBirthInvalid: 'Please give a date of birth as YYYY-MM-DD.',
  dateOfBirthFuture: 'The date of birth must be in the past.',
  dateOfBirthTooOld: `The date of birth must be at most ${OLDEST_AGE} years ago.`,
  linkDead: 'This consent link has ended. Ask the performer to send a new one.',
  linkNotFound: 'This consent link was not found.',
  notMinor: 'There is no guardian consent to ask for on this account.',
  noStudioMessages: 'This performer is under 18 and has no guardian’s consent now; studios cannot send them messages.',
  // The performer's profile.
  dobHeading: 'Date of birth',
  dobLabel: 'Date of birth',
  guardianNameLabel: 'Guardian’s name',
  guardianEmailLabel: 'Guardian’s e-mail',
  guardianHelp: 'Under 18, a parent or guardian must consent before studios can see you, message you or receive your applications.',
  waiting: (name: string) =>
    `Waiting for ${name} to consent. Until then your profile is private, you cannot apply, and studios cannot message or find you.`,
  consented: (name: string) => `${name} consented. Studios see that you are under 18 and that a guardian consented.`,
  withdrawnOn: (name: string, day: string) => `${name} withdrew consent on ${day}. Your profile is private and your open applications were withdrawn.`,
  sendAgain: 'Send the link again',
  linkSent: 'The consent link was sent to your guardian.',
  saveAge: 'Save date of birth',
  ageSaved: 'Date of birth saved.',
  // The guardian's page.
  pageTitle: 'Consent for a young performer',
  pageIntro: (name: string) => `${name} has an account on Audition, a casting portal where performers show a profile and apply to auditions posted by studios.`,
  pageWhatStudiosSee:
    'With your consent, studios can find the profile, see its name, photos, videos, appearance and résumé, receive applications and send messages. Studios see that the performer is under 18 and that a guardian consented; they never see your e-mail.',
  pageCopies: 'Every message a studio sends is also e-mailed to you, and when an audition is booked it says that a guardian attends.',
  pageWithdraw: 'You can withdraw consent at any time from this page: the profile becomes private at once, open applications are withdrawn and studios are told.',
  pageUntil18: 'All of this ends by itself when the performer turns 18.',
  pageAccountHeading: 'What this account is',
  pageStudiosHeading: 'What studios will see',
  pageKeptHeading: 'What we keep',
  pageKept:
    'We keep your name and e-mail, the performer’s date of birth, and the history of this consent: when the link was sent and when you consented or withdrew. The performer can see them in their data export; they are deleted with the account.',
  pageWithdrawHeading: 'Withdrawing consent',
  withdrawConfirmTitle: 'Withdraw consent?',
  withdrawConfirm: (name: string) => `${name}’s profile becomes private at once, their open applications are withdrawn and the studios are told. You can consent again from this page.`,
  notConsentedYet: 'You have not consented yet.',
  consentButton: 'I consent',
  withdrawButton: 'Withdraw consent',
  consentedOn: (day: string) => `You consented on ${day}.`,
  withdrawnDone: 'Consent withdrawn. The profile is private and its open applications are withdrawn.',
  consentDone: 'Thank you. Consent is recorded.',
  // Mails.
  mailSubject: (name: string) => `${name} asks for your consent on Audition`,
  mailBody: (name: string, link: string) =>
    `${name} gave you as their guardian on Audition, a casting portal. Until you consent, their profile is private and they cannot apply.\n\nRead what this means and consent (or not) here, within 14 days:\n${link}\n\nYou can withdraw consent at any time from the same link.`,
  copySubject: (studio: string, name: string) => `${studio} wrote to ${name} on Audition`,
  copyBody: (studio: string, name: string, text: string) =>
    `A copy of a message ${studio} sent to ${name}, whom you consented for:\n\n${text}`,
  withdrawnNoticeTitle: 'An application was withdrawn',
  withdrawnNotice: (name: string, job: string) => `${name} is under 18 and has no guardian’s consent now, so the application to ${job} was withdrawn.`,
} as const;
