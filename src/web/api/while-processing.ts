/**
 * How often a read that carries videos asks again while one of them converts
 * (docs/media.md, "Players"): every 3 s until none is `processing`, then not at all.
 */
import type { PlayableVideo } from '../../contract/media-playback';

export const PROCESSING_POLL_MS = 3000;

export const whileProcessing = (videos: readonly (Partial<PlayableVideo> | null | undefined)[]): number | false =>
  videos.some((v) => v?.status === 'processing') ? PROCESSING_POLL_MS : false;
