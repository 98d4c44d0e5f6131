/**
 * What a studio hears of its performers (docs/applications.md, "The studio hears of what
 * performers do"): the bell's lines and the hourly digest's words. Schema-free, so a screen
 * may read them too.
 */

/** "Lead Actor (Detective)": the job, with the role when it has a name of its own. */
export const jobAndRole = (job: string, role?: string | null) => (role && role !== job ? `${job} (${role})` : job);

export const ACTIVITY_TEXT = {
  tapeSent: (performer: string, job: string) => `${performer} sent a self-tape for ${job}.`,
  tapeDeclined: (performer: string, job: string, reason: string) =>
    `${performer} declined the self-tape request for ${job}.${reason ? ` Reason: ${reason}` : ''}`,
  slotBooked: (performer: string, job: string, when: string) => `${performer} booked an audition time for ${job}: ${when}.`,
  /** A performer withdrew an application that held a time: the time is free again. */
  slotWithdrawn: (performer: string, job: string, when: string) => `${performer} withdrew their application for ${job}: their audition time ${when} is free again.`,
  slotMoved: (performer: string, job: string, from: string, to: string) => `${performer} moved their audition time for ${job} from ${from} to ${to}.`,
  digestSubject: (n: number) => (n === 1 ? 'A performer update on Audition' : `${n} performer updates on Audition`),
  digestIntro: (n: number) => (n === 1 ? 'Since the last e-mail, one thing happened:' : `Since the last e-mail, ${n} things happened:`),
  /** The digest's link, per job. */
  seeJob: (job: string) => `Open ${job}`,
  turnOff: 'You can turn these e-mails off (New applicants to my jobs) in the studio owner’s settings:',
} as const;
