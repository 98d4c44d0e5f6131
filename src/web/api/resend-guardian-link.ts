/** POST /api/audition/age/guardian-link: mails the guardian a new consent link while consent is awaited; 5 an hour (docs/guardians.md). */
import type { AgeAnswer } from '../../contract/guardians';
import { ageKey } from './age';
import { api } from './client';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export async function resendGuardianLink() {
  const answer = await api<AgeAnswer>('/api/audition/age/guardian-link', { method: 'POST', json: {} });
  queryClient.setQueryData(ageKey, answer);
  return answer;
}

export function useResendGuardianLink(handlers: WriteHandlers<void, AgeAnswer, never>) {
  return useWrite(() => resendGuardianLink(), handlers);
}
