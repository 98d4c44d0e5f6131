/** GET /api/conversations: the account's conversations, newest first, and the unread total (docs/messages.md). */
import { useQuery } from '@tanstack/react-query';
import type { ConversationsAnswer } from '../../contract/conversations';
import { session } from './session';
import { api } from './client';
import { queryClient } from './query-client';

export const conversationsKey = ['conversations', 'list'] as const;

export const getConversations = (signal?: AbortSignal) => api<ConversationsAnswer>('/api/conversations', { signal });

/** Kept current by the live events (live-events.ts); refetched when the stream reconnects. */
export const useConversations = () =>
  useQuery({ queryKey: conversationsKey, queryFn: ({ signal }) => getConversations(signal), enabled: session.isLoggedIn() }, queryClient);
