/**
 * The performer's applications, with their history. On deletion the application stays
 * with the studio as "Deleted account" (the users row's deletion sets its performer to
 * null); what the performer wrote and sent goes (docs/applications.md).
 */
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { applications, jobs, studios } from '../../db/schema/index.js';

// This area's part of the account export and deletion (docs/account.md), registered in account/sections.ts.
// Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
export const applicationsSection = {
  name: 'applications',
  async export(db: Db, account: { id: string }) {
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
  async erase(tx: Tx, account: { id: string }) {
    await tx.update(applications).set({ note: '', media: [] }).where(eq(applications.performerId, account.id));
    return [];
  },
};
