/**
 * What a file chooser checks the moment a file is chosen, with the server's own words
 * (docs/screens.md): the kind's accepted formats and its size limit. The server checks
 * the content again; this only spares a wait for a refusal that is certain.
 */
import { MSG } from './messages.js';
import { ACCEPTED_TYPES, MEDIA_LIMITS, megabytes, type StorageKind } from './media-options.js';

/** How messages name a file of each kind. */
const KIND_LABEL: Record<StorageKind, string> = { images: 'image', videos: 'video', audios: 'audio file' };

/** "JPEG, PNG, WebP, GIF": the formats a kind accepts. */
const acceptedLabels = (kind: StorageKind) => ACCEPTED_TYPES[kind].map((t) => t.label).join(', ');

export const tooLargeMessage = (kind: StorageKind) => MSG.fileTooLarge(KIND_LABEL[kind], megabytes(MEDIA_LIMITS.maxBytes[kind]));
export const typeRefusedMessage = (kind: StorageKind) => MSG.fileTypeRefused(KIND_LABEL[kind], acceptedLabels(kind));
/** An audio or video whose container cannot be read to its end (docs/faults.md, "Media files"). */
export const unplayableMessage = (kind: StorageKind) => MSG.mediaUnplayable(KIND_LABEL[kind]);

/** "JPEG, PNG, WebP, GIF · up to 10 MB": shown beside a chooser before anything is chosen. */
export const acceptedHint = (kind: StorageKind) => `${acceptedLabels(kind)} · up to ${megabytes(MEDIA_LIMITS.maxBytes[kind])} MB`;

/** The reason a chosen file cannot be stored, or null. A type the browser does not know is left to the server. */
export function fileProblem(kind: StorageKind, file: { type: string; size: number }): string | null {
  if (file.size > MEDIA_LIMITS.maxBytes[kind]) return tooLargeMessage(kind);
  const known = ACCEPTED_TYPES[kind].some((t) => t.mime === file.type || t.aliases?.includes(file.type));
  if (file.type && !known) return typeRefusedMessage(kind);
  return null;
}

/**
 * Whether the first bytes of a file are a JPEG, PNG, GIF or WebP (the accepted images), by
 * content rather than by name: a page checks a chosen picture before showing it, so a
 * renamed text file is refused at the field instead of showing as a broken image (docs/screens.md, "Uploads").
 */
export function looksLikeImage(head: Uint8Array): boolean {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  return (
    at(0, 0xff, 0xd8, 0xff) ||
    at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    at(0, 0x47, 0x49, 0x46, 0x38) ||
    (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50))
  );
}
