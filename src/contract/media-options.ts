/**
 * The media library's plain constants (docs/product.md §2 Media, §5 file choosers, §7, §11):
 * kinds, limits, accepted types. No zod here, so the web app can import them.
 */
/** Storage folders, as in the spec's keys images/…, videos/…, audios/…. */
export const STORAGE_KINDS = ['images', 'videos', 'audios'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** The spec's mediaType values of POST /api/upload/media. */
export const MEDIA_TYPES = ['photos', 'videos', 'audios'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Which storage folder a media list takes its files from. */
export const KIND_OF_MEDIA_TYPE: Record<MediaType, StorageKind> = {
  photos: 'images',
  videos: 'videos',
  audios: 'audios',
};

const MB = 1024 * 1024;

/** Every size limit of the storage, in one place. */
export const MEDIA_LIMITS = {
  /** Largest file accepted per kind, in bytes. */
  maxBytes: { images: 10 * MB, videos: 500 * MB, audios: 50 * MB } satisfies Record<StorageKind, number>,
  /** Total of all files one user may keep. */
  quotaBytes: 2 * 1024 * MB,
  /** Images larger than this many pixels are refused (decompression bombs). */
  maxImagePixels: 40_000_000,
  /** Longest side of a photo's grid thumbnail. */
  thumbPx: 480,
} as const;

/** Shown in messages: the limits in whole megabytes. */
export const megabytes = (bytes: number) => Math.round(bytes / MB);

export interface AcceptedType {
  /** The type the server stores and serves the file with. */
  mime: string;
  /** The extension the stored key ends with. */
  ext: string;
  /** The name shown to people. */
  label: string;
  /** Other types the content sniffer may report for the same format. */
  aliases?: readonly string[];
}

/** Types accepted by content, per kind. Anything else (SVG and HTML included) is refused with 415. */
export const ACCEPTED_TYPES: Record<StorageKind, readonly AcceptedType[]> = {
  images: [
    { mime: 'image/jpeg', ext: 'jpg', label: 'JPEG' },
    { mime: 'image/png', ext: 'png', label: 'PNG' },
    { mime: 'image/webp', ext: 'webp', label: 'WebP' },
    { mime: 'image/gif', ext: 'gif', label: 'GIF' },
  ],
  videos: [
    { mime: 'video/mp4', ext: 'mp4', label: 'MP4', aliases: ['video/x-m4v'] },
    { mime: 'video/webm', ext: 'webm', label: 'WebM' },
    { mime: 'video/quicktime', ext: 'mov', label: 'QuickTime' },
  ],
  audios: [
    { mime: 'audio/mpeg', ext: 'mp3', label: 'MP3' },
    { mime: 'audio/mp4', ext: 'm4a', label: 'M4A', aliases: ['audio/x-m4a'] },
    { mime: 'audio/aac', ext: 'aac', label: 'AAC' },
    { mime: 'audio/wav', ext: 'wav', label: 'WAV' },
    { mime: 'audio/ogg', ext: 'ogg', label: 'OGG', aliases: ['audio/ogg; codecs=opus'] },
    { mime: 'audio/flac', ext: 'flac', label: 'FLAC', aliases: ['audio/x-flac'] },
  ],
};

/** The accepted type a sniffed type stands for in this kind, or undefined. */
export function acceptedType(kind: StorageKind, sniffed: string | undefined): AcceptedType | undefined {
  if (!sniffed) return undefined;
  return ACCEPTED_TYPES[kind].find((t) => t.mime === sniffed || t.aliases?.includes(sniffed));
}

/** Content type of a stored key, from the extension the server gave it. */
export function contentTypeOfKey(key: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1];
  if (!ext) return undefined;
  for (const kind of STORAGE_KINDS) {
    const found = ACCEPTED_TYPES[kind].find((t) => t.ext === ext);
    if (found) return found.mime;
  }
  return undefined;
}

/** What each file chooser accepts (docs/product.md §5: photo accepts images, video accepts video, audio accepts audio). */
export const CHOOSER_ACCEPT: Record<StorageKind, string> = {
  images: 'image/*',
  videos: 'video/*',
  audios: 'audio/*',
};

/**
 * The grid thumbnail of a photo URL. Every image the server stores gets a WebP thumbnail
 * under the same key with `.thumb.webp` in place of its extension.
 */
export function thumbUrlOf(url: string): string {
  return url.replace(/\.(jpg|png|webp|gif)$/, '.thumb.webp');
}
