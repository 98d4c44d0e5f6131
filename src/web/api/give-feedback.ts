/** POST /api/review/{token}/feedback { performerId, name, pick, comment }: a viewer's pick, no account (docs/self-tapes.md, "Feedback"). */
import type { FeedbackAnswer, FeedbackBody } from '../../contract/self-tapes';
import { api } from './client';

/** Nothing cached changes: the room's answer carries no feedback, and the studio reads it in its own browser. */
export const giveFeedback = (token: string, body: FeedbackBody) => api<FeedbackAnswer>(`/api/review/${encodeURIComponent(token)}/feedback`, { json: body, auth: false });
