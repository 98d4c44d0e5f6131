/** Turns studio and job rows into the contract's shapes. */
import type { Job, Studio } from '../../../contract/studios.js';
import type { jobs, studios } from '../../db/schema/index.js';

export type StudioRow = Pick<
  typeof studios.$inferSelect,
  'id' | 'fname' | 'location' | 'profilePic' | 'banner' | 'projectDesc' | 'number' | 'verified'
>;
type JobRow = typeof jobs.$inferSelect;

export function presentStudio(row: StudioRow): Studio {
  return {
    _id: row.id,
    fname: row.fname,
    location: row.location,
    profilePic: row.profilePic,
    banner: row.banner,
    projectDesc: row.projectDesc,
    number: row.number,
    verified: row.verified,
  };
}

export function presentJob(row: JobRow): Job {
  return {
    _id: row.id,
    studioId: row.studioId,
    images: row.images,
    jobType: row.jobType,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A weak ETag for one page of the list: it changes whenever any studio changes. */
export function studioPageEtag(version: number, limit: number, cursor: string | undefined): string {
  // The cursor is encoded: a header carries only visible ASCII, and a `"` would end the tag.
  return `W/"studios-${version}-${limit}-${encodeURIComponent(cursor ?? '')}"`;
}
