/**
 * The file name a download is saved under: the server's Content-Disposition, its UTF-8
 * `filename*=` first ("Zoë Ångström comp-card.pdf"), else its ASCII `filename=`, else the
 * fallback (issue 49 item 21: PDFs were all saved as "comp-card.pdf").
 */
export function downloadName(header: string | null, fallback: string): string {
  const h = header ?? '';
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(h)?.[1];
  if (star) {
    try {
      const name = decodeURIComponent(star.trim()).replace(/[\\/]/g, '');
      if (name) return name;
    } catch {
      // A malformed escape: the ASCII name below.
    }
  }
  return /filename\s*=\s*"([^"]+)"/i.exec(h)?.[1] ?? fallback;
}
