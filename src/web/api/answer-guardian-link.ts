/** POST /api/guardian/{token}/consent or …/withdraw: the guardian's answer, no account (docs/guardians.md). */
import type { GuardianAnswer } from '../../contract/guardians';
import { api } from './client';
import { guardianLinkKey } from './guardian-link';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export type GuardianChoice = 'consent' | 'withdraw';

export async function answerGuardianLink(token: string, choice: GuardianChoice) {
  const answer = await api<GuardianAnswer>(`/api/guardian/${encodeURIComponent(token)}/${choice}`, { method: 'POST', json: {}, auth: false });
  queryClient.setQueryData(guardianLinkKey(token), answer);
  return answer;
}

export function useAnswerGuardianLink(token: string, handlers: WriteHandlers<GuardianChoice, GuardianAnswer, never>) {
  return useWrite((choice: GuardianChoice) => answerGuardianLink(token, choice), handlers);
}
