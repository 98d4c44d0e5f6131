/** The media lists (docs/product.md §7 upload/media): register an uploaded URL, or remove an item; the own-media read (with conversions) follows. */
import type { MediaAnswer } from '../../contract/media';
import type { MediaType } from '../../contract/media-options';
import { api } from './client';
import { ownMediaKey } from './own-media';
import { queryClient } from './query-client';

async function changed(answer: Promise<MediaAnswer>): Promise<MediaAnswer> {
  const list = await answer;
  await queryClient.invalidateQueries({ queryKey: ownMediaKey });
  return list;
}

export const addMedia = (mediaType: MediaType, media: string) => changed(api<MediaAnswer>('/api/upload/media', { json: { mediaType, media } }));

export const removeMedia = (mediaType: MediaType, media: string) => changed(api<MediaAnswer>('/api/upload/media', { method: 'DELETE', json: { mediaType, media } }));
