/** GET /api/jobs: the job board, one page per cursor, loaded on scroll. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { getBoard, type BoardFilters } from './jobs';
import { queryClient } from './query-client';

export const jobBoardKey = (filters: BoardFilters) => ['jobs', 'board', filters] as const;

export const useJobBoard = (filters: BoardFilters) =>
  useInfiniteQuery(
    {
      queryKey: jobBoardKey(filters),
      queryFn: ({ pageParam, signal }) => getBoard(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    },
    queryClient,
  );
