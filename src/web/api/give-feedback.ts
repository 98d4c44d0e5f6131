/** POST /api/review/{token}/feedback { performerId, name, pick, comment }: a viewer's pick, no account (docs/self-tapes.md, "Feedback"). */
import type { FeedbackAnswer, FeedbackBody } from '../../contract/self-tapes';
import { api } from './client';
import { useWrite, type WriteHandlers } from './use-write';

/** Nothing cached changes: the room's answer carries no feedback, and the studio reads it in its own browser. */
export const giveFeedback = (token: string, body: FeedbackBody) => api<FeedbackAnswer>(`/api/review/${encodeURIComponent(token)}/feedback`, { json: body, auth: false });

export function useGiveFeedback<K extends string = never>(handlers: WriteHandlers<{ token: string; body: FeedbackBody }, FeedbackAnswer, K>) {
  return useWrite(({ token, body }: { token: string; body: FeedbackBody }) => giveFeedback(token, body), handlers);
}
