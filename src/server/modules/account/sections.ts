/**
 * The registry of every area's section of an account, in export order (docs/account.md,
 * "Adding a section"). Each area keeps its own section beside its tables and exports it from
 * its index.ts; account/ only composes them here and never reads another area's tables itself
 * (eslint.config.js). A new area that stores rows about an account adds its section here;
 * sections-cover.test.ts fails while a table holding a user id is in no section.
 */
import type { AccountSection } from './account-sections.js';
import { applicationsSection } from '../applications/index.js';
import { contactSection } from '../contact/index.js';
import { guardiansSection } from '../guardians/index.js';
import { studioSection } from '../jobs/index.js';
import { mediaSection } from '../media/index.js';
import { messagesSection } from '../messages/index.js';
import { notificationsSection } from '../notifications/index.js';
import { profileSection } from '../profile/index.js';
import { resumeSection } from '../resume/index.js';
import { selfTapesSection } from '../self-tapes/index.js';
import { paymentsSection, subscriptionSection } from '../subscriptions/index.js';
import { talentSection } from '../talent/index.js';
import { teamSection } from '../team/index.js';

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
