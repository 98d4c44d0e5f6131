/** The studio's shortlists and reviews (docs/talent.md): one read, GET /api/studio/shortlists, and the changes that refresh it. */
import { useQuery } from '@tanstack/react-query';
import type { Review, ReviewBody, Shortlist, ShortlistsAnswer } from '../../contract/talent';
import { api } from './client';
import { queryClient } from './query-client';
import { portfolioKey } from './portfolio';

export const shortlistsKey = ['talent', 'shortlists'] as const;

export const getShortlists = (signal?: AbortSignal) => api<ShortlistsAnswer>('/api/studio/shortlists', { signal });
export const useShortlists = () => useQuery({ queryKey: shortlistsKey, queryFn: ({ signal }) => getShortlists(signal), select: (a) => a.shortlists }, queryClient);

const refresh = () => queryClient.invalidateQueries({ queryKey: shortlistsKey });

export async function createShortlist(name: string) {
  const list = await api<Shortlist>('/api/studio/shortlists', { json: { name } });
  await refresh();
  return list;
}

export async function renameShortlist(listId: string, name: string) {
  const list = await api<Shortlist>(`/api/studio/shortlists/${encodeURIComponent(listId)}`, { method: 'PATCH', json: { name } });
  await refresh();
  return list;
}

export async function deleteShortlist(listId: string) {
  await api<void>(`/api/studio/shortlists/${encodeURIComponent(listId)}`, { method: 'DELETE' });
  await refresh();
}

export async function addToShortlist(listId: string, performerId: string) {
  const list = await api<Shortlist>(`/api/studio/shortlists/${encodeURIComponent(listId)}/members`, { json: { performerId } });
  await refresh();
  return list;
}

export async function removeFromShortlist(listId: string, performerId: string) {
  await api<void>(`/api/studio/shortlists/${encodeURIComponent(listId)}/members/${encodeURIComponent(performerId)}`, { method: 'DELETE' });
  await refresh();
}

export async function saveReview(performerId: string, body: ReviewBody) {
  const review = await api<Review>(`/api/studio/talent/${encodeURIComponent(performerId)}/review`, { method: 'PUT', json: body });
  await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: portfolioKey(performerId) })]);
  return review;
}
