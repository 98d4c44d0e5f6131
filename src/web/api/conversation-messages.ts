/** GET /api/conversations/{id}/messages?before=: a thread, 50 messages a page going back (docs/messages.md). */
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { MessagesAnswer } from '../../contract/conversations';
import { api } from './client';
import { queryClient } from './query-client';

export const threadKey = (id: string) => ['conversations', 'thread', id] as const;
export type ThreadData = InfiniteData<MessagesAnswer, number | null>;

export const getMessages = (id: string, before: number | null, signal?: AbortSignal) =>
  api<MessagesAnswer>(`/api/conversations/${encodeURIComponent(id)}/messages${before ? `?before=${before}` : ''}`, { signal });

export const useThread = (id: string) =>
  useInfiniteQuery(
    {
      queryKey: threadKey(id),
      queryFn: ({ pageParam, signal }) => getMessages(id, pageParam, signal),
      initialPageParam: null as number | null,
      getNextPageParam: (last) => last.nextBefore,
      enabled: id !== '',
    },
    queryClient,
  );
