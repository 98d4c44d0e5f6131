/** Turns application rows into the contract's shapes: the performer's view and the studio's. */
import { APP_MSG, type ApplicationStatus, type MyApplication, type StudioApplication } from '../../../contract/applications.js';
import type { applications, jobs, users } from '../../db/schema/index.js';

type ApplicationRow = typeof applications.$inferSelect;
type JobRow = Pick<typeof jobs.$inferSelect, 'id' | 'title' | 'jobType' | 'location' | 'status' | 'deadline'>;
type StudioBrief = MyApplication['studio'];
/** The role applied to; null only if the row lost it, then shown by the job's title. */
export type RoleBrief = { _id: string; name: string } | null;
const roleOf = (row: ApplicationRow, role: RoleBrief, fallback: string) => role ?? { _id: row.roleId ?? '', name: fallback };
export type PerformerRow = Pick<
  typeof users.$inferSelect,
  'id' | 'fname' | 'pronoun' | 'gender' | 'category' | 'profilePic' | 'location' | 'age' | 'height' | 'weight' | 'bodyType' | 'hairColor' | 'eyeColor'
>;

const status = (s: string) => s as ApplicationStatus;
const history = (row: ApplicationRow) => row.history.map((h) => ({ status: status(h.status), at: h.at }));

export function presentMyApplication(row: ApplicationRow, job: JobRow, studio: StudioBrief, role: RoleBrief): MyApplication {
  return {
    _id: row.id,
    job: { _id: job.id, title: job.title, jobType: job.jobType, location: job.location, status: job.status, deadline: job.deadline },
    studio,
    role: roleOf(row, role, job.title),
    status: status(row.status),
    note: row.note,
    media: row.media as MyApplication['media'],
    history: history(row),
    createdAt: row.createdAt.toISOString(),
  };
}

const DELETED = { fname: APP_MSG.deletedAccount, pronoun: '', gender: '', category: '', profilePic: '', location: '', age: '', height: '', weight: '', bodyType: '', hairColor: '', eyeColor: '' };

export function presentStudioApplication(row: ApplicationRow, performer: PerformerRow | null, role: RoleBrief, tape: StudioApplication['tape'] = null): StudioApplication {
  const { id, ...profile } = performer ?? { id: null, ...DELETED };
  return {
    _id: row.id,
    jobId: row.jobId,
    role: roleOf(row, role, ''),
    performer: { _id: id, deleted: performer === null, ...profile },
    status: status(row.status),
    note: row.note,
    media: row.media as StudioApplication['media'],
    history: history(row),
    rating: row.studioRating,
    studioNote: row.studioNote,
    createdAt: row.createdAt.toISOString(),
    tape,
  };
}
