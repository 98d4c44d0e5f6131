/** PUT /api/studio/talent/{id}/review { rating, note }: the studio's own review of a performer (docs/talent.md). */
import type { Review, ReviewBody } from '../../contract/talent';
import { saveReview } from './shortlists';
import { useWrite, type WriteHandlers } from './use-write';

type Vars = { performerId: string; body: ReviewBody };

export function useSaveTalentReview<K extends string = never>(handlers: WriteHandlers<Vars, Review, K>) {
  return useWrite(({ performerId, body }: Vars) => saveReview(performerId, body), handlers);
}
