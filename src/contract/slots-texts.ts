/**
 * Audition times' limits and texts (docs/slots.md), apart from the zod schemas of slots.ts
 * so the web screens load them without zod (whose full build tries eval, which the CSP refuses).
 */
export const SLOT_LIMITS = {
  minutesMin: 5,
  minutesMax: 240,
  countMin: 1,
  countMax: 100,
  gapMax: 120,
  placeMax: 200,
  urlMax: 500,
  /** Nothing is booked, moved or cancelled this close to a slot's start. */
  lockedHours: 2,
  /** The e-mail reminder goes this long before; the in-app notice at `lockedHours`. */
  mailReminderHours: 24,
  /** How often the reminder sweep runs. */
  sweepEveryMs: 60_000,
  /** Check-in and "running late" open this long before a slot's start (docs/slots.md, "The day"). */
  dayOpensHours: 2,
  lateMin: 5,
  lateMax: 60,
  /** Rounds (docs/slots.md, "Rounds and callbacks"). */
  roundMax: 40,
  defaultRound: 'Audition',
  invitedMax: 200,
} as const;

/** How the studio marks a booking on the day; null clears it. */
export const CHECK_IN_STATUSES = ['arrived', 'no_show'] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];
/** What the day's history keeps. */
export const DAY_EVENT_KINDS = ['arrived', 'no_show', 'cleared', 'late', 'invited'] as const;
export type DayEventKind = (typeof DAY_EVENT_KINDS)[number];

export const SLOT_MSG = {
  startsAtInvalid: 'Start must be a date and time with its offset, e.g. 2027-01-05T10:00:00+05:30',
  startsInPast: 'Start must be in the future',
  placeOrLink: 'Give a place or an https link, not both',
  onlineUrlHttps: 'The link must be an https address',
  overlap: 'These times overlap another slot of this job',
  unknownRole: 'That role is not a role of this job',
  slotNotFound: 'Slot not found',
  slotTaken: 'Someone else has just booked that time; pick another',
  tooLate: `Times cannot be booked, moved or cancelled within ${SLOT_LIMITS.lockedHours} hours of the start`,
  notAuditioning: 'You can pick a time once the studio invites you to audition',
  noBooking: 'You have no audition time booked',
  deletedAccount: 'Deleted account',
  bookedSubject: (job: string) => `Your audition time for ${job}`,
  bookedText: (job: string, studio: string, when: string, where: string) =>
    `Your audition for ${job} with ${studio} is booked for ${when} at ${where}. The calendar file is attached.`,
  reminderSubject: (job: string) => `Tomorrow: your audition for ${job}`,
  reminderText: (job: string, studio: string, when: string, where: string) =>
    `A reminder: your audition for ${job} with ${studio} is at ${when}, at ${where}. The calendar file is attached.`,
  soonNotice: (job: string, when: string) => `Your audition for ${job} starts at ${when}`,
  cancelledNotice: (job: string, when: string) => `The studio removed your audition time for ${job} (${when}); please pick another`,
  summary: (job: string, studio: string) => `Audition: ${job} — ${studio}`,
  checkInStatus: 'Status must be arrived, no_show or null',
  tooEarly: `This can be said only from ${SLOT_LIMITS.dayOpensHours} hours before the start`,
  notBooked: 'Nobody is booked on this time',
  lateAlready: 'You have already said you are running late for this time',
  lateOver: 'This audition time is over',
  roundEmpty: 'Round must not be empty',
  applicationIdsInvalid: 'applicationIds must be a list of 1 to 200 applications of this job',
  notInvited: 'This time is for invited performers only',
  inviteNotAuditioning: 'Only applicants in auditioning can be called back',
  invitedSubject: (job: string, round: string) => `${round}: you are invited for ${job}`,
  invitedText: (job: string, studio: string, round: string, times: string) =>
    `${studio} invites you to ${round} for ${job}. Pick one of these times in the app: ${times}.`,
  invitedNotice: (job: string, round: string) => `You are invited to ${round} for ${job}: pick a time`,
} as const;

/** The screens' texts: the studio's schedule and slot editor, the performer's picker (docs/slots.md). */
export const SLOT_TEXT = {
  scheduleTitle: 'Audition schedule',
  addSlots: 'Add audition times',
  startsAt: 'First start',
  minutes: 'Minutes each',
  count: 'How many',
  gap: 'Gap between (minutes)',
  place: 'Place',
  onlineUrl: 'Or an https link',
  create: 'Add times',
  created: (n: number) => (n === 1 ? 'Added 1 time' : `Added ${n} times`),
  noSlots: 'No audition times yet.',
  free: 'Free',
  remove: 'Remove',
  backToBoard: 'Back to the applicants',
  forJob: (title: string) => `For ${title}`,
  confirmRemoveTitle: 'Remove this time?',
  confirmRemoveBooked: (name: string) => `Remove this time? ${name} is booked on it and will be told to pick another.`,
  removed: 'Time removed',
  print: 'Print',
  shownIn: (zone: string) => `Times are shown in ${zone}.`,
  schedule: 'Schedule',
  pickTitle: 'Your audition time',
  pick: 'Book this time',
  move: 'Move here',
  cancel: 'Cancel my time',
  confirmCancelTitle: 'Cancel your audition time?',
  confirmCancel: 'Cancel your audition time? Someone else may book it.',
  keepTime: 'Keep my time',
  booked: (when: string) => `Booked: ${when}`,
  noFree: 'No free times right now.',
  addToCalendar: 'Add to calendar',
  // Where each time is (docs/slots.md, "Screens"): a place, or a link to join online.
  inPerson: 'In person',
  online: 'Online',
  whereSaid: (online: boolean, where: string) => (online ? `online, ${where}` : `in person at ${where}`),
  // The day (docs/slots.md, "The day").
  arrived: 'Arrived',
  noShow: 'No-show',
  clearCheckIn: 'Clear',
  arrivedAt: (time: string) => `Arrived ${time}`,
  noShowed: 'Did not come',
  runningLate: (minutes: number) => `Running ${minutes} min late`,
  checkInOpens: (time: string) => `Check-in opens ${time}`,
  markArrived: (name: string) => `Arrived: ${name}`,
  markNoShow: (name: string) => `No-show: ${name}`,
  clearFor: (name: string) => `Clear check-in: ${name}`,
  lateTitle: 'Running late?',
  lateMinutes: 'How many minutes',
  lateSend: 'Tell the studio',
  lateSent: (minutes: number) => `The studio knows you are running ${minutes} minutes late.`,
  dayEvent: { arrived: 'Arrived', no_show: 'No-show', cleared: 'Check-in cleared', late: 'Running late', invited: 'Invited to a callback' } as Record<DayEventKind, string>,
  // Rounds and callbacks (docs/slots.md, "Rounds and callbacks").
  round: 'Round',
  callBack: 'Call back',
  callBackTitle: 'Call back performers',
  callBackWho: 'Who to call back',
  callBackNoOne: 'Pick at least one performer',
  callBackNone: 'Nobody is auditioning on this job yet.',
  callBackDefaultRound: 'Callback',
  callBackSend: 'Invite and add times',
  confirmCallBackTitle: (round: string) => `Invite to ${round}?`,
  confirmCallBack: (n: number, round: string) => (n === 1 ? `Invite 1 performer to ${round}? They are told by e-mail and in the app.` : `Invite ${n} performers to ${round}? They are told by e-mail and in the app.`),
  calledBack: (n: number, round: string) => (n === 1 ? `1 performer invited to ${round}` : `${n} performers invited to ${round}`),
  invitedOnly: 'Invited only',
  invitedTo: (round: string) => `You are invited to ${round}`,
  /** The applicant card's history: who was called back to which round. */
  invitedToRound: (round: string) => `Invited to ${round}`,
  roundTimes: (round: string) => `${round}: your time`,
  dayEventLate: (minutes: number) => `Said running ${minutes} minutes late`,
} as const;
