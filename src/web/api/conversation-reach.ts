/** GET /api/conversations/reach/{id}: whether a "Message" button has anyone to write to. */
import { useQuery } from '@tanstack/react-query';
import type { ReachAnswer } from '../../contract/conversations';
import { session } from './session';
import { api } from './client';
import { queryClient } from './query-client';

export const useReach = (withId: string) =>
  useQuery(
    {
      queryKey: ['conversations', 'reach', withId],
      queryFn: ({ signal }) => api<ReachAnswer>(`/api/conversations/reach/${encodeURIComponent(withId)}`, { signal }),
      enabled: session.isLoggedIn() && withId !== '',
    },
    queryClient,
  );
