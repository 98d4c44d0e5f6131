/** Turns job rows into the contract's shapes. */
import type { BoardJob, JobPost } from '../../../contract/jobs.js';
import type { jobs } from '../../db/schema/index.js';
import { presentRole, type RoleRow } from './job-roles.js';

export type JobRow = typeof jobs.$inferSelect;

export function presentJobPost(row: JobRow, roles: readonly RoleRow[]): JobPost {
  return {
    _id: row.id,
    studioId: row.studioId,
    title: row.title,
    jobType: row.jobType,
    description: row.description,
    images: row.images,
    profession: row.profession,
    gender: row.gender,
    ageMin: row.ageMin,
    ageMax: row.ageMax,
    location: row.location,
    pay: row.pay,
    deadline: row.deadline,
    shootDates: row.shootDates,
    status: row.status === 'closed' ? 'closed' : 'open',
    createdAt: row.createdAt.toISOString(),
    roles: roles.map(presentRole),
  };
}

export function presentBoardJob(row: JobRow, roles: readonly RoleRow[], studio: BoardJob['studio']): BoardJob {
  return { ...presentJobPost(row, roles), studio };
}
