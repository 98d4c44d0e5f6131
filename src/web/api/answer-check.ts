/**
 * Development and tests only: checks a read's answer against the schema the server answers it
 * with (src/contract), so a client and a server that drifted apart fail where the answer
 * arrives instead of somewhere in a screen. client.ts imports this file only under
 * `import.meta.env.DEV` (or vitest's mode), so Vite leaves it, and the zod schemas it brings,
 * out of the production build (docs/architecture.md, "Web forms and data").
 */
import { z } from 'zod/mini';
import { timeZoneAnswer } from '../../contract/account';
import { availabilityAnswer } from '../../contract/availability';
import { adminContactAnswer, adminPaymentsAnswer, adminReportsAnswer, adminStatsAnswer, adminStudiosAnswer, adminWhoamiAnswer } from '../../contract/admin';
import { myApplicationsAnswer, notificationSettings, notificationsAnswer, studioApplication, studioApplicationsAnswer } from '../../contract/applications';
import { appConfigAnswer } from '../../contract/config';
import { conversationsAnswer, messagesAnswer, reachAnswer } from '../../contract/conversations';
import { studioJob } from '../../contract/decisions';
import { boardAnswer, jobPage, ownJobsAnswer, studioMe } from '../../contract/jobs';
import { paymentHistoryAnswer } from '../../contract/payments';
import { userProfile } from '../../contract/profile';
import { resume } from '../../contract/resume';
import { ownMediaAnswer } from '../../contract/uploads';
import { linkFeedbackAnswer, reviewAnswer, reviewLinksAnswer, tapeRequestsAnswer } from '../../contract/self-tapes';
import { mySlotsAnswer, studioSlotsAnswer } from '../../contract/slots';
import { jobsAnswer, studio, studioFindAnswer, studioList } from '../../contract/studios';
import { joinInfo, membersAnswer, teamMe } from '../../contract/team';
import { ageAnswer, guardianAnswer } from '../../contract/guardians';
import { portfolio, recommendationsAnswer, shortlistsAnswer, talentAnswer } from '../../contract/talent';

// The CSP refuses eval, which zod otherwise probes for to speed up objects (one setting for
// zod and zod/mini alike).
z.config({ jitless: true });

/** What is used of a schema here; zod's full types stay out of the web's imports. */
interface AnswerSchema {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** Each GET with a 200 schema, as the server's routes register it (`:name` is one segment). */
const READS: ReadonlyArray<readonly [string, AnswerSchema]> = [
  ['/api/audition/recommendedJobs', recommendationsAnswer],
  ['/api/me/notification-settings', notificationSettings],
  ['/api/me/time-zone', timeZoneAnswer],
  ['/api/audition/tape-requests', tapeRequestsAnswer],
  ['/api/audition/media', ownMediaAnswer],
  ['/api/audition/age', ageAnswer],
  ['/api/audition/availability', availabilityAnswer],
  ['/api/guardian/:token', guardianAnswer],
  ['/api/audition/applications', myApplicationsAnswer],
  ['/api/audition/getAllStudio', studioList],
  ['/api/audition/getUserData', userProfile],
  ['/api/studio/review-links', reviewLinksAnswer],
  ['/api/studio/review-links/:id/feedback', linkFeedbackAnswer],
  ['/api/showAllStudioList', studioList],
  ['/api/studio/shortlists', shortlistsAnswer],
  ['/api/payments/history', paymentHistoryAnswer],
  ['/api/audition/resume', resume],
  ['/api/admin/payments', adminPaymentsAnswer],
  ['/api/admin/contact', adminContactAnswer],
  ['/api/admin/reports', adminReportsAnswer],
  ['/api/admin/studios', adminStudiosAnswer],
  ['/api/conversations', conversationsAnswer],
  ['/api/notifications', notificationsAnswer],
  ['/api/studio/talent', talentAnswer],
  ['/api/admin/whoami', adminWhoamiAnswer],
  ['/api/studios/find', studioFindAnswer],
  ['/api/admin/stats', adminStatsAnswer],
  ['/api/studio/jobs', ownJobsAnswer],
  ['/api/studio/me', studioMe],
  ['/api/studio/members', membersAnswer],
  ['/api/studio/team/me', teamMe],
  ['/api/studio/join/:token', joinInfo],
  ['/api/config', appConfigAnswer],
  ['/api/jobs', boardAnswer],
  ['/api/audition/applications/:id/slots', mySlotsAnswer],
  ['/api/studio/jobs/:id/tape-requests', tapeRequestsAnswer],
  ['/api/studio/jobs/:id/applications', studioApplicationsAnswer],
  ['/api/conversations/:id/messages', messagesAnswer],
  ['/api/studio/alljobs/:studioId', jobsAnswer],
  ['/api/conversations/reach/:id', reachAnswer],
  ['/api/studio/applications/:id', studioApplication],
  ['/api/studio/jobs/:id/slots', studioSlotsAnswer],
  ['/api/studio/jobs/:id', studioJob],
  ['/api/review/:token', reviewAnswer],
  ['/api/studio/:id', studio],
  ['/api/talent/:id', portfolio],
  ['/api/jobs/:id', jobPage],
];

/** The routes checked, for the test that holds them equal to the server's JSON reads. */
export const CHECKED_ROUTES: readonly string[] = READS.map(([route]) => route);

const matchers = READS.map(([route, schema]) => {
  const pattern = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/?]+');
  return { route, schema, re: new RegExp(`^${pattern}(?:\\?.*)?$`) };
});

/** Throws, naming the call and the first problem, when a GET's answer is not what the contract says. */
export function checkAnswer(method: string, path: string, data: unknown): void {
  if (method !== 'GET') return;
  const read = matchers.find((m) => m.re.test(path));
  if (!read) return;
  const result = read.schema.safeParse(data);
  if (result.success) return;
  const issue = result.error.issues[0];
  throw new Error(`The answer of GET ${read.route} is not what src/contract says: ${issue?.path.map(String).join('.') || '(root)'}: ${issue?.message}`);
}
