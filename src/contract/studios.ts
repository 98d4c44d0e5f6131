/** Studios, their job posts and the studio search (spec §3, §7; DESIGN §3). */
import { z } from 'zod';
import { MSG } from './messages.js';
import { STUDIO_LIMITS } from './studio-limits.js';

export { NEXT_CURSOR_HEADER, STUDIO_LIMITS } from './studio-limits.js';

export const studio = z.object({
  _id: z.string(),
  fname: z.string(),
  location: z.string(),
  profilePic: z.string(),
  banner: z.string(),
  projectDesc: z.string(),
  number: z.string(),
  /** False until an admin verifies the studio (docs/marketplace.md). */
  verified: z.boolean(),
});
export type Studio = z.infer<typeof studio>;

export const studioList = z.array(studio);

export const job = z.object({
  _id: z.string(),
  studioId: z.string(),
  images: z.array(z.string()),
  jobType: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type Job = z.infer<typeof job>;

export const jobsAnswer = z.object({ post: z.array(job) });
export type JobsAnswer = z.infer<typeof jobsAnswer>;

export const studioPageQuery = z.object({
  limit: z.coerce
    .number({ error: MSG.invalidPageLimit })
    .int(MSG.invalidPageLimit)
    .min(1, MSG.invalidPageLimit)
    .max(STUDIO_LIMITS.pageMax, MSG.invalidPageLimit)
    .default(STUDIO_LIMITS.pageDefault),
  cursor: z.string().max(200, MSG.invalidCursor).optional(),
});

export const studioSearchQuery = z.object({
  search: z
    .string()
    .max(STUDIO_LIMITS.searchTextMax, MSG.tooLong('Search', STUDIO_LIMITS.searchTextMax))
    .default(''),
});
