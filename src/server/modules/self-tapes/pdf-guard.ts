/**
 * What an uploaded PDF must pass before pdf-lib works on it (docs/security.md,
 * "PDFs: parsed, stamped and drawn off the main thread"). pdf-lib inflates every object stream and cross-reference stream while loading and
 * walks the page tree without remembering where it has been: a few kilobytes that inflate to
 * hundreds of megabytes, or a tree whose nodes share their kids (60 levels of two kids that
 * are one node: 2^60 visits), hold a process for minutes. So the streams it inflates are
 * inflated first here under one byte budget, and the page tree is walked with a visited set
 * and a node cap; pdf-lib then only ever sees a tree whose walk is short.
 */
import { constants, inflateRawSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFPageLeaf, PDFPageTree, PDFRef, type PDFDocument } from 'pdf-lib';

/** The bytes the object and cross-reference streams of one PDF may inflate to, together. */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** Nodes of the page tree (pages and the nodes above them) one walk visits at most. */
export const MAX_TREE_NODES = 2000;

export class PdfRefused extends Error {
  override name = 'PdfRefused';
}

const decodeName = (s: string) => s.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/**
 * Inflates, byte-limited, each stream pdf-lib would inflate while loading (`/Type /ObjStm` or
 * `/XRef`); one with any filter but FlateDecode is refused, as is a total past the budget.
 */
export function checkInflation(pdf: Buffer, budget = MAX_INFLATED_BYTES): void {
  let left = budget;
  let at = 0;
  for (;;) {
    const found = pdf.indexOf('stream', at, 'latin1');
    if (found < 0) return;
    at = found + 6;
    if (pdf[found - 1] === 0x64 /* "d" of endstream */) continue;
    const eol = pdf[at] === 0x0d && pdf[at + 1] === 0x0a ? 2 : pdf[at] === 0x0a || pdf[at] === 0x0d ? 1 : -1;
    if (eol < 0) continue;
    const head = pdf.lastIndexOf('obj', found, 'latin1');
    const dict = decodeName(pdf.toString('latin1', head < 0 ? 0 : head, found));
    if (!/\/Type\s*\/(ObjStm|XRef)\b/.test(dict)) continue;
    const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)?/.exec(dict);
    const filters = filter?.[1]?.match(/\/[^\s/<>[\]()]+/g) ?? [];
    if (filters.length === 0) continue;
    if (filters.length > 1 || filters[0] !== '/FlateDecode') throw new PdfRefused('an object stream is encoded in a way this server does not read');
    const start = at + eol;
    const end = pdf.indexOf('endstream', start, 'latin1');
    // Past the two bytes of the zlib header; a stream that ends short still counts what it gave.
    const data = pdf.subarray(start + 2, end < 0 ? pdf.length : end);
    let inflated: number;
    try {
      inflated = inflateRawSync(data, { maxOutputLength: left + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PdfRefused('object streams inflate past the limit');
      throw new PdfRefused('an object stream could not be inflated');
    }
    left -= inflated;
    if (left < 0) throw new PdfRefused('object streams inflate past the limit');
    at = end < 0 ? pdf.length : end + 9;
  }
}

/**
 * The number of pages, walking the tree from the catalog once: a node met twice (shared kids,
 * a loop), a /Parent that is not the node above, or more than `MAX_TREE_NODES` nodes refuse
 * the file.
 */
export function countPages(doc: PDFDocument, maxNodes = MAX_TREE_NODES): number {
  const seen = new Set<PDFRef>();
  const root = doc.catalog.get(PDFName.of('Pages'));
  if (!(root instanceof PDFRef)) throw new PdfRefused('the catalog names no page tree');
  const stack: { ref: PDFRef; parent?: PDFRef }[] = [{ ref: root }];
  let pages = 0;
  while (stack.length > 0) {
    const { ref, parent } = stack.pop()!;
    if (seen.has(ref)) throw new PdfRefused('a page tree node is met twice');
    seen.add(ref);
    if (seen.size > maxNodes) throw new PdfRefused('the page tree is too large');
    // As pdf-lib's own walk reads them: a leaf is a page, a tree node has kids, nothing else counts.
    const node = doc.context.lookup(ref);
    // A page reads inherited attributes up its /Parent chain: each must point at the node
    // it hangs from (the root at none), or that climb could go round for ever.
    if (node instanceof PDFDict && node.get(PDFName.of('Parent')) !== parent) throw new PdfRefused('a page tree node names another parent');
    if (node instanceof PDFPageLeaf) {
      pages += 1;
      continue;
    }
    if (!(node instanceof PDFPageTree)) throw new PdfRefused('a page tree node is neither a page nor a node');
    const kids = node.lookup(PDFName.of('Kids'));
    if (!(kids instanceof PDFArray)) throw new PdfRefused('a page tree node has no list of kids');
    for (const kid of kids.asArray()) {
      if (!(kid instanceof PDFRef)) throw new PdfRefused('a page tree kid is not a reference');
      stack.push({ ref: kid, parent: ref });
    }
  }
  return pages;
}
