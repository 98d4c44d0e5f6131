/** The reads of studio accounts, the studio's page, its jobs and the job board (docs/marketplace.md); each write has its own file. */
import type { SignupBody } from '../../contract/auth';
import type {
  BoardAnswer,
  BoardQuery,
  JobPage,
  OwnJob,
  StudioMe,
  StudioVerifyAnswer,
} from '../../contract/jobs';
import { browserTimeZone } from '../lib/zoned-time';
import { api } from './client';

export const studioSignup = (body: SignupBody) => api<{ msg: string }>('/api/studio/web/signup', { json: body, auth: false });
export const studioVerifyOtp = (body: SignupBody & { otp: string }) =>
  api<StudioVerifyAnswer>('/api/studio/web/verify-otp', { json: { timeZone: browserTimeZone(), ...body }, auth: false });

export const getStudioMe = (signal?: AbortSignal) => api<StudioMe>('/api/studio/me', { signal });

export const getOwnJobs = (signal?: AbortSignal) => api<{ jobs: OwnJob[] }>('/api/studio/jobs', { signal });

/**
 * The board's filters: every field of the contract's query but the page cursor, each as the
 * address bar holds it (a string, '' for none; the server checks the values).
 */
export type BoardFilters = Record<Exclude<keyof BoardQuery, 'cursor'>, string>;

export function getBoard(filters: BoardFilters, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  return api<BoardAnswer>(`/api/jobs?${params.toString()}`, { signal, auth: false });
}

/** With a performer's token the answer adds where they stand: their plan, applications left and fit (docs/marketplace.md). */
export const getJob = (id: string, signal?: AbortSignal, asPerformer = false) =>
  api<JobPage>(`/api/jobs/${encodeURIComponent(id)}`, { signal, auth: asPerformer });
