/**
 * POST /api/studio/join/{token} { name, password }, then the login with the invited e-mail, so
 * the new member is signed in at once (docs/team.md).
 */
import { logIn } from './log-in';
import { api } from './client';
import { queryClient } from './query-client';
import { session } from './session';
import { useWrite, type WriteHandlers } from './use-write';

export interface JoinStudioBody { token: string; email: string; name: string; password: string }

export async function joinStudio({ token, email, name, password }: JoinStudioBody) {
  await api<{ msg: string }>(`/api/studio/join/${encodeURIComponent(token)}`, { json: { name, password }, auth: false });
  const answer = await logIn({ email, password });
  queryClient.clear();
  session.saveLogin(answer.token, answer._id, answer.role);
  return answer;
}

export function useJoinStudio<K extends string>(handlers: WriteHandlers<JoinStudioBody, Awaited<ReturnType<typeof joinStudio>>, K>) {
  return useWrite(joinStudio, handlers);
}
