/** GET /api/studio/review-links: the studio's review links, live or not (docs/self-tapes.md, "Review links"); creating and revoking refresh it. */
import { useQuery } from '@tanstack/react-query';
import type { ReviewLinkItem } from '../../contract/self-tapes';
import { api } from './client';
import { queryClient } from './query-client';

export const reviewLinksKey = ['review-links'] as const;

export const getReviewLinks = (signal?: AbortSignal) => api<{ reviewLinks: ReviewLinkItem[] }>('/api/studio/review-links', { signal });

export const useReviewLinks = () => useQuery({ queryKey: reviewLinksKey, queryFn: ({ signal }) => getReviewLinks(signal), select: (a) => a.reviewLinks }, queryClient);
