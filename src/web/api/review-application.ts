/** PUT /api/studio/applications/{id}/review { rating, note }: the studio's rating and note on one applicant (docs/team.md). */
import type { ReviewBody, StudioApplication } from '../../contract/applications';
import { reviewApplication } from './job-applicants';
import { useWrite, type WriteHandlers } from './use-write';

type ReviewVars = { app: StudioApplication; body: ReviewBody };

export function useReviewApplication<K extends string = never>(handlers: WriteHandlers<ReviewVars, StudioApplication, K>) {
  return useWrite(({ app, body }: ReviewVars) => reviewApplication(app, body), handlers);
}
