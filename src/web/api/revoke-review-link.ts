/** DELETE /api/studio/review-links/{id}: the link ends at once; its page then answers 410 (docs/self-tapes.md). */
import type { ReviewLinkItem } from '../../contract/self-tapes';
import { api } from './client';
import { queryClient } from './query-client';
import { reviewLinksKey } from './review-links';
import { useWrite, type WriteHandlers } from './use-write';

export async function revokeReviewLink(id: string) {
  const ended = await api<ReviewLinkItem>(`/api/studio/review-links/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await queryClient.invalidateQueries({ queryKey: reviewLinksKey });
  return ended;
}

export const useRevokeReviewLink = (handlers: WriteHandlers<string, ReviewLinkItem, never> = {}) => useWrite(revokeReviewLink, handlers);
