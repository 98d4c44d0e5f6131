/** Studios, their job posts and the studio search (docs/product.md §3, §7). */
import { z } from 'zod';
import { text } from './fields.js';
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
  cursor: text('Cursor', { error: MSG.invalidCursor }).max(200, MSG.invalidCursor).optional(),
});

export const studioSearchQuery = z.object({
  search: text('Search')
    .max(STUDIO_LIMITS.searchTextMax, MSG.tooLong('Search', STUDIO_LIMITS.searchTextMax))
    .default(''),
});

/** GET /api/studios/find: every match of a text and a location, a page at a time (docs/screens.md). */
export const studioFindQuery = z.object({
  q: text('Search')
    .max(STUDIO_LIMITS.searchTextMax, MSG.tooLong('Search', STUDIO_LIMITS.searchTextMax))
    .trim()
    .default(''),
  location: text('Location')
    .max(STUDIO_LIMITS.searchTextMax, MSG.tooLong('Location', STUDIO_LIMITS.searchTextMax))
    .trim()
    .default(''),
  page: z.coerce.number({ error: MSG.invalidPageNumber }).int(MSG.invalidPageNumber).min(1, MSG.invalidPageNumber).max(10_000, MSG.invalidPageNumber).default(1),
});
export type StudioFindQuery = z.output<typeof studioFindQuery>;

export const studioFindAnswer = z.object({
  studios: z.array(studio),
  /** Every match, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type StudioFindAnswer = z.infer<typeof studioFindAnswer>;
