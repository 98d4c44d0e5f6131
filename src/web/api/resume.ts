/** The performer's résumé (docs/resume.md): the read, and the PDFs fetched with the token. */
import { useQuery } from '@tanstack/react-query';
import type { Resume } from '../../contract/resume';
import { api, ApiError } from './client';
import { queryClient } from './query-client';
import { session } from './session';
import { downloadName } from '../lib/download-name';

export const resumeKey = ['resume'] as const;
export const getResume = () => api<Resume>('/api/audition/resume');

/** The performer's own résumé, as its editor opens. */
export function useResume() {
  return useQuery({ queryKey: resumeKey, queryFn: getResume }, queryClient);
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
  a.download = downloadName(res.headers.get('content-disposition'), `${name}.pdf`);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
