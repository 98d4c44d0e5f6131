/**
 * getUserData: the logged-in performer's profile, one cached copy shared by every
 * performer screen. Screens that show live data poll it every 3 s with If-None-Match;
 * edit screens read it once. A token the server no longer accepts logs the user out to
 * /login instead of polling forever.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../contract/limits';
import type { UserProfile } from '../../contract/profile';
import { loginPathFor } from '../lib/next-path';
import { session } from './session';
import { ApiError } from './client';
import { queryClient, readWithEtag } from './query-client';

export const userDataKey = ['user-data'] as const;

export const getUserData = async (signal?: AbortSignal) =>
  (await readWithEtag<UserProfile>(userDataKey, '/api/audition/getUserData', signal)).data;

/** The profile; `live` polls it while the screen is shown (and the tab visible). */
export function useUserData({ live = false }: { live?: boolean } = {}) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: userDataKey,
    queryFn: ({ signal }) => getUserData(signal),
    refetchInterval: live ? LIMITS.pollMs : false,
  }, queryClient);
  const refused = query.error instanceof ApiError && query.error.status === 401;

  useEffect(() => {
    if (!refused) return;
    session.logout();
    // A token that stopped working: after a new login, back to this page.
    navigate(loginPathFor(`${window.location.pathname}${window.location.search}`), { replace: true });
  }, [refused, navigate]);

  useEffect(() => {
    // Data fetch errors are not surfaced: the screen keeps what it has.
    if (query.error && !refused) console.error('user data fetch failed', query.error);
  }, [query.error, refused]);

  return { user: query.data ?? null };
}

/** After a change the user made: read the profile again (the active screens show it when it comes). */
export const refreshUserData = () => queryClient.invalidateQueries({ queryKey: userDataKey });
