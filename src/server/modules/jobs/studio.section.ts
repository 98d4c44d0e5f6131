/**
 * A studio account's page and its job posts (docs/account.md "Studio accounts"). The
 * export holds the page and every job with its applicant counts, never the applicants.
 * The deletion removes the page and the jobs nobody applied to; a job with applicants
 * stays, closed and without its pictures, so the performers keep their application with
 * a job to show, and the studio row stays emptied, named "Deleted account" and out of every
 * public list. The pictures themselves are the account's uploads: the media section
 * deletes their files after the commit.
 */
import { and, asc, count, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { MSG } from '../../../contract/messages.js';
import { applications, jobs, studios } from '../../db/schema/index.js';
import { closeApplicationsOf } from '../applications/index.js';
import { rolesOf } from './job-roles.js';
import { presentJobPost } from './jobs.presenter.js';

// This area's part of the account export and deletion (docs/account.md), registered in account/sections.ts.
// Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
export const studioSection = {
  name: 'studio',
  async export(db: Db, account: { id: string }) {
    const [page] = await db.select().from(studios).where(eq(studios.ownerId, account.id));
    if (!page) return null;
    const posted = await db.select().from(jobs).where(eq(jobs.studioId, page.id)).orderBy(asc(jobs.createdAt), asc(jobs.id));
    const counts = posted.length
      ? await db
          .select({ jobId: applications.jobId, status: applications.status, n: count() })
          .from(applications)
          .where(inArray(applications.jobId, posted.map((j) => j.id)))
          .groupBy(applications.jobId, applications.status)
      : [];
    const roles = await rolesOf(db, posted.map((j) => j.id));
    const { ownerId: _owner, deletedAt: _deleted, ...stored } = page;
    return {
      page: stored,
      jobs: posted.map((job) => ({
        ...presentJobPost(job, roles.get(job.id) ?? []),
        hidden: job.hidden,
        closedAt: job.closedAt,
        applicants: Object.fromEntries(counts.filter((c) => c.jobId === job.id).map((c) => [c.status, Number(c.n)])),
      })),
    };
  },
  async erase(tx: Tx, account: { id: string }, env: { origin: string }) {
    const [page] = await tx.select({ id: studios.id }).from(studios).where(eq(studios.ownerId, account.id));
    if (!page) return [];
    // Locked first, so an application arriving now waits for the deletion and then finds
    // its job closed or gone, rather than slipping in between the two statements below.
    await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.studioId, page.id)).for('update');
    const applied = tx.select({ id: applications.id }).from(applications).where(eq(applications.jobId, jobs.id));
    await tx.delete(jobs).where(and(eq(jobs.studioId, page.id), notExists(applied)));
    const kept = await tx
      .update(jobs)
      .set({ status: 'closed', closedAt: sql`coalesce(${jobs.closedAt}, now())`, images: [] })
      .where(eq(jobs.studioId, page.id))
      .returning({ id: jobs.id });
    if (kept.length === 0) {
      await tx.delete(studios).where(eq(studios.id, page.id));
      return [];
    }
    // Nobody is left waiting on a studio that is gone: open applications end as closed, each
    // with its history, a notice in the app, a live event and an e-mail, sent once the
    // deletion commits, as a job's close does (docs/account.md "Studio accounts").
    const after = await closeApplicationsOf(tx, kept.map((j) => j.id), new Date(), env);
    await tx
      .update(studios)
      .set({ ownerId: null, fname: MSG.deletedAccount, location: '', profilePic: '', banner: '', projectDesc: '', number: '', verified: false, deletedAt: sql`now()` })
      .where(eq(studios.id, page.id));
    return { keys: [], after: { mails: after.mails, events: after.events } };
  },
};
