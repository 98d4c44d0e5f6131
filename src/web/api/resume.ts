/** The performer's résumé (docs/resume.md): read, save, and the PDFs fetched with the token. */
import type { Resume, ResumeBody, ResumeProblem } from '../../contract/resume';
import { api, ApiError, apiErrorFrom } from './client';
import { session } from '../lib/session';

export const resumeKey = ['resume'] as const;
export const getResume = () => api<Resume>('/api/audition/resume');

/** A refused save: the server's first problem as the message, and every one at its field. */
export class ResumeRefused extends ApiError {
  constructor(
    error: ApiError,
    readonly problems: ResumeProblem[],
  ) {
    super(error.message, error.status, error.code, error.retryAfter);
  }
}

/** PUT /api/audition/resume; a 400 comes back as ResumeRefused with its problems by field. */
export async function saveResume(body: ResumeBody): Promise<Resume> {
  const token = session.token();
  let res: Response;
  try {
    res = await fetch('/api/audition/resume', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
      body: JSON.stringify(body),
      cache: 'no-cache',
    });
  } catch (err) {
    throw new ApiError((err as Error).message || 'Network error', 0, 'network');
  }
  const answer = (await res.json().catch(() => null)) as (Resume & { problems?: ResumeProblem[] }) | null;
  if (res.ok) return answer as Resume;
  const error = apiErrorFrom(res.status, answer, Number(res.headers.get('retry-after')) || undefined);
  throw new ResumeRefused(error, answer?.problems ?? []);
}

/** Downloads a PDF of the performer's own: a link cannot carry the token a private portfolio needs. */
export async function downloadPdf(userId: string, name: 'comp-card' | 'resume'): Promise<void> {
  const token = session.token();
  const res = await fetch(`/api/talent/${userId}/${name}.pdf`, { headers: token ? { 'x-auth-token': token } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { msg?: string };
    throw new ApiError(body.msg ?? res.statusText, res.status);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
