/**
 * POST /api/audition/login (docs/product.md §7): the token and id the browser keeps. The
 * browser's time zone goes along; the server keeps it only while the account has none.
 */
import type { LoginAnswer, LoginBody } from '../../contract/auth';
import { browserTimeZone } from '../lib/zoned-time';
import { api } from './client';
import { useWrite, type WriteHandlers } from './use-write';

export const logIn = (body: LoginBody) => api<LoginAnswer>('/api/audition/login', { json: { timeZone: browserTimeZone(), ...body }, auth: false });

/** Logs in, from /login. */
export function useLogIn<K extends string>(handlers: WriteHandlers<LoginBody, LoginAnswer, K>) {
  return useWrite(logIn, handlers);
}
