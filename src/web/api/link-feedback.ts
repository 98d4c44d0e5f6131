/** GET /api/studio/review-links/{id}/feedback: what a review link's viewers said (docs/self-tapes.md, "Feedback"). */
import { useQuery } from '@tanstack/react-query';
import type { LinkFeedbackAnswer } from '../../contract/self-tapes';
import { api } from './client';
import { queryClient } from './query-client';
import { reviewLinksKey } from './review-links';

/** Under the review links' key, so whatever refreshes the links refreshes their feedback too. */
export const linkFeedbackKey = (id: string) => [...reviewLinksKey, id, 'feedback'] as const;

export const getLinkFeedback = (id: string, signal?: AbortSignal) => api<LinkFeedbackAnswer>(`/api/studio/review-links/${encodeURIComponent(id)}/feedback`, { signal });

export const useLinkFeedback = (id: string, enabled = true) =>
  useQuery({ queryKey: linkFeedbackKey(id), queryFn: ({ signal }) => getLinkFeedback(id, signal), enabled }, queryClient);
