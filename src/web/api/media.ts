/** The media lists (docs/product.md §7 upload/media): register an uploaded URL, or remove an item. */
import type { MediaAnswer } from '../../contract/media';
import type { MediaType } from '../../contract/media-options';
import { api } from './client';

export const addMedia = (mediaType: MediaType, media: string) =>
  api<MediaAnswer>('/api/upload/media', { json: { mediaType, media } });

export const removeMedia = (mediaType: MediaType, media: string) =>
  api<MediaAnswer>('/api/upload/media', { method: 'DELETE', json: { mediaType, media } });
