/** Studios, their job posts and the studio search (spec §3, §7; DESIGN §3). */
import { z } from 'zod';
import { MSG } from './messages.js';

export const STUDIO_LIMITS = {
  /** Studios per page of getAllStudio when no limit is asked for. */
  pageDefault: 24,
  /** The largest page getAllStudio answers. */
  pageMax: 100,
  /** showAllStudioList answers at most this many studios. */
  searchResults: 20,
  searchTextMax: 100,
  /** alljobs answers at most this many posts, newest first. */
  jobsMax: 100,
} as const;

/** The response header that carries the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const studio = z.object({
  _id: z.string(),
  fname: z.string(),
  location: z.string(),
  profilePic: z.string(),
  banner: z.string(),
  projectDesc: z.string(),
  number: z.string(),
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
