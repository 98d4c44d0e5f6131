/**
 * The performer's applications, with their history. On deletion the application stays
 * with the studio as "Deleted account" (the users row's deletion sets its performer to
 * null); what the performer wrote and sent goes (docs/applications.md).
 */
import { asc, eq } from 'drizzle-orm';
import { applications, jobs, studios } from '../../../db/schema/index.js';
import type { AccountSection } from '../account-sections.js';

export const applicationsSection: AccountSection = {
  name: 'applications',
  async export(db, account) {
    return db
      .select({
        job: jobs.title,
        studio: studios.fname,
        status: applications.status,
        note: applications.note,
        media: applications.media,
        history: applications.history,
        appliedAt: applications.createdAt,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(studios, eq(studios.id, jobs.studioId))
      .where(eq(applications.performerId, account.id))
      .orderBy(asc(applications.createdAt), asc(applications.id));
  },
  async erase(tx, account) {
    await tx.update(applications).set({ note: '', media: [] }).where(eq(applications.performerId, account.id));
    return [];
  },
};
