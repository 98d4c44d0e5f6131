/** POST /api/studio/review-links { jobId, applicationIds, expiresInDays } → { _id, url, expiresAt }; the URL carries the token, shown once. */
import type { ReviewLinkBody } from '../../contract/self-tapes';
import { api } from './client';
import { queryClient } from './query-client';
import { reviewLinksKey } from './review-links';
import { useWrite, type WriteHandlers } from './use-write';

export async function createReviewLink(body: ReviewLinkBody) {
  const made = await api<{ _id: string; url: string; expiresAt: string }>('/api/studio/review-links', { json: body });
  await queryClient.invalidateQueries({ queryKey: reviewLinksKey });
  return made;
}

export const useCreateReviewLink = (handlers: WriteHandlers<ReviewLinkBody, Awaited<ReturnType<typeof createReviewLink>>, never> = {}) => useWrite(createReviewLink, handlers);
