/**
 * POST /api/me/password: the new password ends every other session; this browser goes on with
 * the fresh token the answer carries (docs/account.md).
 */
import type { ChangePasswordAnswer } from '../../contract/account';
import { changePassword } from './account';
import { session } from './session';
import { useWrite, type WriteHandlers } from './use-write';

export interface NewPasswordBody {
  current: string;
  password: string;
}

async function changeOwnPassword({ current, password }: NewPasswordBody) {
  const answer = await changePassword(current, password);
  // The same account goes on with the fresh token: a studio stays a studio.
  session.saveLogin(answer.token, localStorage.getItem('id') ?? '', session.isStudio() ? 'studio' : 'performer');
  return answer;
}

/** Changes the password, from /settings. */
export function useChangePassword<K extends string>(handlers: WriteHandlers<NewPasswordBody, ChangePasswordAnswer, K>) {
  return useWrite(changeOwnPassword, handlers);
}
