/** The performer's own profile (spec §7 getUserData). */
import type { UserProfile } from '../../contract/profile';
import { apiPoll } from './client';

/** getUserData with If-None-Match: null when nothing changed since `etag`. */
export const pollUserData = (etag: string | null, signal?: AbortSignal) =>
  apiPoll<UserProfile>('/api/audition/getUserData', etag, signal);
