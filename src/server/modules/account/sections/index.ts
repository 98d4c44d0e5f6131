/**
 * Every area's section of an account, in export order. A new area that stores rows
 * about an account (applications, messages, studio page, jobs, shortlists, reviews)
 * adds its section here.
 */
import type { AccountSection } from '../account-sections.js';
import { applicationsSection } from './applications.section.js';
import { contactSection } from './contact.section.js';
import { mediaSection } from './media.section.js';
import { notificationsSection } from './notifications.section.js';
import { paymentsSection } from './payments.section.js';
import { profileSection } from './profile.section.js';
import { studioSection } from './studio.section.js';
import { subscriptionSection } from './subscription.section.js';
import { messagesSection } from '../../messages/index.js';
import { talentSection } from './talent.section.js';
import { resumeSection } from '../../resume/index.js';
import { selfTapesSection } from './tapes.section.js';
import { guardiansSection } from '../../guardians/index.js';
import { teamSection } from '../../team/index.js';

export const ACCOUNT_SECTIONS: readonly AccountSection[] = [
  profileSection,
  // Its members' logins go first, each told (docs/team.md).
  teamSection,
  // Before the studio's: its sides are found through the studio it owns.
  selfTapesSection,
  studioSection,
  mediaSection,
  subscriptionSection,
  paymentsSection,
  contactSection,
  applicationsSection,
  notificationsSection,
  messagesSection,
  talentSection,
  resumeSection,
  guardiansSection,
];
