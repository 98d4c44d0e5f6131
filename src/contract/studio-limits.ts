/** Studio constants without zod, so the web app can import them cheaply. */
export const STUDIO_LIMITS = {
  /** Studios per page of getAllStudio when no limit is asked for. */
  pageDefault: 24,
  /** The largest page getAllStudio answers. */
  pageMax: 100,
  /** showAllStudioList answers at most this many studios. */
  searchResults: 20,
  searchTextMax: 100,
  /** Studios per numbered page of /studio and GET /api/studios/find. */
  findPage: 12,
  /** alljobs answers at most this many posts, newest first. */
  jobsMax: 100,
} as const;

/** The response header that carries the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
