/** Studio accounts, the studio's page, its jobs and the job board (docs/marketplace.md). */
import type { SignupBody } from '../../contract/auth';
import type {
  BoardAnswer,
  BoardQuery,
  JobPage,
  JobCreateBody,
  JobPatchBody,
  JobPost,
  OwnJob,
  StudioMe,
  StudioMeBody,
  StudioVerifyAnswer,
} from '../../contract/jobs';
import { api } from './client';

export const studioSignup = (body: SignupBody) => api<{ msg: string }>('/api/studio/web/signup', { json: body, auth: false });
export const studioVerifyOtp = (body: SignupBody & { otp: string }) =>
  api<StudioVerifyAnswer>('/api/studio/web/verify-otp', { json: body, auth: false });

export const getStudioMe = (signal?: AbortSignal) => api<StudioMe>('/api/studio/me', { signal });
export const saveStudioMe = (body: StudioMeBody) => api<StudioMe>('/api/studio/me', { json: body });

export const getOwnJobs = (signal?: AbortSignal) => api<{ jobs: OwnJob[] }>('/api/studio/jobs', { signal });
export const createJob = (body: JobCreateBody) => api<JobPost>('/api/studio/jobs', { json: body });
export const updateJob = (id: string, body: JobPatchBody) => api<JobPost>(`/api/studio/jobs/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });
export const deleteJob = (id: string) => api<void>(`/api/studio/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' });

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
export const castRole = (jobId: string, roleId: string) =>
  api<JobPost>(`/api/studio/jobs/${encodeURIComponent(jobId)}/roles/${encodeURIComponent(roleId)}/cast`, { method: 'POST', json: {} });
