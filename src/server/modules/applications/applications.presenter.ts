/** Turns application rows into the contract's shapes: the performer's view and the studio's. */
import { APP_MSG, type ApplicationStatus, type MyApplication, type StudioApplication } from '../../../contract/applications.js';
import type { applications, jobs, users } from '../../db/schema/index.js';

type ApplicationRow = typeof applications.$inferSelect;
type JobRow = Pick<typeof jobs.$inferSelect, 'id' | 'title' | 'jobType' | 'location' | 'status' | 'deadline'>;
type StudioBrief = MyApplication['studio'];
export type PerformerRow = Pick<
  typeof users.$inferSelect,
  'id' | 'fname' | 'pronoun' | 'gender' | 'category' | 'profilePic' | 'location' | 'age' | 'height' | 'weight' | 'bodyType' | 'hairColor' | 'eyeColor'
>;

const status = (s: string) => s as ApplicationStatus;
const history = (row: ApplicationRow) => row.history.map((h) => ({ status: status(h.status), at: h.at }));

export function presentMyApplication(row: ApplicationRow, job: JobRow, studio: StudioBrief): MyApplication {
  return {
    _id: row.id,
    job: { _id: job.id, title: job.title, jobType: job.jobType, location: job.location, status: job.status, deadline: job.deadline },
    studio,
    status: status(row.status),
    note: row.note,
    media: row.media as MyApplication['media'],
    history: history(row),
    createdAt: row.createdAt.toISOString(),
  };
}

const DELETED = { fname: APP_MSG.deletedAccount, pronoun: '', gender: '', category: '', profilePic: '', location: '', age: '', height: '', weight: '', bodyType: '', hairColor: '', eyeColor: '' };

export function presentStudioApplication(row: ApplicationRow, performer: PerformerRow | null): StudioApplication {
  const { id, ...profile } = performer ?? { id: null, ...DELETED };
  return {
    _id: row.id,
    jobId: row.jobId,
    performer: { _id: id, deleted: performer === null, ...profile },
    status: status(row.status),
    note: row.note,
    media: row.media as StudioApplication['media'],
    history: history(row),
    rating: row.studioRating,
    studioNote: row.studioNote,
    createdAt: row.createdAt.toISOString(),
  };
}
