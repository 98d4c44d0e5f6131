/**
 * The web app's one data layer: a TanStack Query cache that every read goes through.
 * Reads that poll send the last ETag (If-None-Match); a 304 keeps the cached data as it
 * is, so an unchanged answer costs no body and no re-render.
 *
 * The hooks are given this client directly instead of through a provider at the root,
 * so the data layer is a chunk of the screens that read data, not of the first load.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { session } from './session';
import { apiPoll } from './client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Polling is the retry: a failed read keeps what the screen shows (data fetch errors
      // are not surfaced) and the next tick asks again.
      retry: false,
      // Data shared between screens is shown at once from the cache and revalidated with
      // its ETag, which answers 304 when nothing changed.
      staleTime: 0,
    },
  },
});

/** The ETag of each cached answer, by query hash; kept beside the cache so the data stays the server's own shape. */
const etags = new Map<string, string>();
const hashOf = (key: QueryKey) => JSON.stringify(key);

/**
 * GET `path` with the cached answer's ETag. A 304 answers the cached data; when the cache
 * lost it meanwhile, the read is sent again without the ETag.
 */
export async function readWithEtag<T>(key: QueryKey, path: string, signal?: AbortSignal): Promise<{ data: T; headers: Headers | null }> {
  const hash = hashOf(key);
  const cached = queryClient.getQueryData<T>(key);
  const etag = cached === undefined ? null : (etags.get(hash) ?? null);
  const answer = await apiPoll<T>(path, etag, signal);
  if (answer) {
    if (answer.etag) etags.set(hash, answer.etag);
    else etags.delete(hash);
    return { data: answer.data, headers: answer.headers };
  }
  if (cached !== undefined) return { data: cached, headers: null };
  etags.delete(hash);
  return readWithEtag(key, path, signal);
}

// What a provider would do: follow the tab's focus and the network, to revalidate on return.
queryClient.mount();

// At logout every cached answer is forgotten, so another user never sees them.
session.onLogout(() => {
  queryClient.clear();
  etags.clear();
});
