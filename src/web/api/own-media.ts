/**
 * GET /api/audition/media: the caller's own photos, videos and audios with their
 * conversion (docs/media.md); asked again every few seconds while one converts.
 */
import { useQuery } from '@tanstack/react-query';
import type { OwnMediaItem } from '../../contract/media-playback';
import { api } from './client';
import { queryClient } from './query-client';
import { whileProcessing } from './while-processing';

export const ownMediaKey = ['media', 'own'] as const;

export const getOwnMedia = (signal?: AbortSignal) => api<OwnMediaItem[]>('/api/audition/media', { signal });

export const useOwnMedia = () =>
  useQuery({ queryKey: ownMediaKey, queryFn: ({ signal }) => getOwnMedia(signal), refetchInterval: (q) => whileProcessing(q.state.data ?? []) }, queryClient);
