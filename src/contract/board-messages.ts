/** Texts of the studio's applicant board, /dashboard/jobs/{id}/applicants (docs/applications.md, "The applicant board"). */
export const BOARD_MSG = {
  title: (job: string) => `Applicants: ${job}`,
  backToDashboard: 'Back to the dashboard',
  editJob: 'Edit the job',
  viewJob: 'View the job',
  filters: 'Filter and sort',
  status: 'Status',
  allStatuses: 'All statuses',
  sort: 'Sort by',
  sortNewest: 'Newest first',
  sortOldest: 'Oldest first',
  sortRating: 'Rating, highest first',
  shown: (shown: number, total: number) => (shown === total ? `${total} applicant${total === 1 ? '' : 's'}` : `${shown} of ${total} applicants shown`),
  // The board loads 50 at a time (docs/applications.md, "The applicant board").
  loaded: (loaded: number, total: number) => (loaded >= total ? `${total} applicant${total === 1 ? '' : 's'}` : `${loaded} of ${total} applicants loaded`),
  columnCount: (loaded: number, total: number) => (loaded >= total ? `(${total})` : `(${loaded} of ${total})`),
  roleOption: (name: string, n: number) => `${name} (${n})`,
  loadMore: 'Load more applicants',
  loadingMore: 'Loading more applicants…',
  ratingLoaded: 'Rating sorts the applicants loaded so far.',
  /** Selection and bulk moves act on what is loaded. */
  bulkOnLoaded: (loaded: number, total: number) => `Select all and bulk moves act on the ${loaded} applicants loaded; load more to include the other ${total - loaded}.`,
  /** Nobody applied yet: what the studio can do about it. */
  emptyTitle: 'Nobody has applied yet',
  emptyNext: 'Applicants appear here as a board by status. Share the job’s page so performers find it, or make its description and pay clearer.',
  noMatch: 'No applicant matches these filters.',
  showEveryone: 'Show everyone',
  jobNotFound: 'This job was not found among your jobs.',
  /** The applicant count on /dashboard, a link to the board. */
  applicantsWord: (n: number) => (n === 1 ? 'applicant' : 'applicants'),
  applicantsLink: (n: number) => (n === 1 ? '1 applicant' : `${n} applicants`),
  applicantsLinkLabel: (n: number) => `${n === 1 ? '1 applicant' : `${n} applicants`}: open the board`,
  // Final moves: asked once, then Undo (docs/applications.md).
  bookTitle: (who: string) => `Book ${who}?`,
  declineTitle: (who: string) => `Decline ${who}?`,
  cancel: 'Cancel',
  applicantsCount: (n: number) => (n === 1 ? '1 applicant' : `${n} applicants`),
  booked: (who: string) => `Booked ${who}.`,
  declined: (who: string) => `Declined ${who}.`,
  moved: (who: string, status: string) => `${who}: ${status.toLowerCase()}.`,
  // Selection and bulk moves.
  select: (name: string) => `Select ${name}`,
  /** The select-all checkbox's accessible name: what it selects, counted. */
  selectAllCount: (n: number) => `Select all ${n} shown applicant${n === 1 ? '' : 's'}`,
  selected: (n: number) => `${n} selected`,
  bulkMoves: 'Move the selected applicants',
  clearSelection: 'Clear selection',
  // The job form (post and edit).
  jobPosted: 'Job posted',
  jobSaved: 'Job saved',
} as const;
