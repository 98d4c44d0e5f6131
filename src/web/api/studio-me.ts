/** GET /api/studio/me: the signed-in studio's own page, shared by the dashboard, its editor and /settings. */
import { useQuery } from '@tanstack/react-query';
import { getStudioMe } from './jobs';
import { queryClient } from './query-client';

export const studioMeKey = ['studio', 'me'] as const;

export const useStudioMe = (enabled = true) =>
  useQuery({ queryKey: studioMeKey, queryFn: ({ signal }) => getStudioMe(signal), enabled }, queryClient);
