/**
 * Responsive sources for a photo the server stored (docs/performance.md, "Images"): every
 * image it keeps has a WebP thumbnail of at most 480 px (MEDIA_LIMITS.thumbPx) beside it,
 * and the shipped demo pictures have theirs too, so a small slot on a phone loads the
 * thumbnail and a wide one the photo. The original's width is not stored: it is offered as
 * the width a slot would need it at, `fullWidth`. Any other address (an outside link) is
 * used as it is.
 */
import { MEDIA_LIMITS, thumbUrlOf } from '../../contract/media-options';

/** The addresses whose images have a `.thumb.webp` beside them. */
const WITH_THUMB = /^\/(uploads\/images|demo)\/[^?#]+\.(jpg|png|webp|gif)$/;

export function photoSources(url: string, sizes: string, fullWidth = 1200): { src: string; srcSet?: string; sizes?: string } {
  if (!WITH_THUMB.test(url) || url.endsWith('.thumb.webp')) return { src: url };
  return { src: url, srcSet: `${thumbUrlOf(url)} ${MEDIA_LIMITS.thumbPx}w, ${url} ${fullWidth}w`, sizes };
}
