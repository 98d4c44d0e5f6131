/**
 * The media library and file storage calls (docs/product.md §7: upload/media and the
 * storage calls): request and answer shapes. The plain constants live in media-options.ts.
 */
import { z } from 'zod';
import { text } from './fields.js';
import { LIMITS } from './limits.js';
import { MEDIA_TYPES } from './media-options.js';
import { MSG } from './messages.js';

export * from './media-options.js';

/** POST /api/storage/{kind}: what it answers. */
export const storedFileAnswer = z.object({ url: z.string(), thumbUrl: z.string().optional() });
export type StoredFileAnswer = z.infer<typeof storedFileAnswer>;

const issuedUrl = text('File address', { error: MSG.fileNotYours })
  .max(LIMITS.urlMax, MSG.fileNotYours)
  .trim()
  .min(1, MSG.fileNotYours);

/** POST /api/upload/profilePic. */
export const profilePicBody = z.object({ profilePicUrl: issuedUrl });
export const profilePicAnswer = z.object({ profileUrl: z.string(), _id: z.string() });
export type ProfilePicAnswer = z.infer<typeof profilePicAnswer>;

/** POST and DELETE /api/upload/media. */
export const mediaBody = z.object({
  mediaType: z.enum(MEDIA_TYPES, { error: MSG.mediaTypeInvalid }),
  media: issuedUrl,
});
export type MediaBody = z.infer<typeof mediaBody>;

/** Both answer the list after the change, so the screen can show it without a reload. */
export const mediaAnswer = z.object({ mediaType: z.enum(MEDIA_TYPES), items: z.array(z.string()) });
export type MediaAnswer = z.infer<typeof mediaAnswer>;
