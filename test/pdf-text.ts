/**
 * Reads a PDF back in a test, in plain JavaScript (no poppler needed): its pages' sizes and
 * the text each page draws, decoded through the fonts' ToUnicode maps. Enough for the PDFs
 * pdfkit and pdf-lib write (FlateDecode streams, hex-string TJ/Tj with Identity-H fonts); not a
 * general PDF reader.
 */
import { inflateSync } from 'node:zlib';

export interface PdfPage {
  width: number;
  height: number;
  text: string;
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const src = pdf.toString('latin1');
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    let start = at + 'stream'.length;
    if (body[start] === '\r') start += 1;
    if (body[start] === '\n') start += 1;
    const end = body.lastIndexOf('endstream');
    let raw = Buffer.from(body.slice(start, end), 'latin1');
    if (/\/FlateDecode/.test(dict)) raw = inflateSync(raw);
    objects.set(Number(m[1]), { dict, stream: raw });
  }
  return objects;
}

const hexCodes = (hex: string) => (hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((h) => parseInt(h, 16));
const hexText = (hex: string) => String.fromCharCode(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));

/** A ToUnicode CMap's code-to-text pairs (bfchar and bfrange, both forms). */
function cmapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, dst] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code!, 16), hexText(dst!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const from = parseInt(lo!, 16);
      const to = parseInt(hi!, 16);
      if (rest!.startsWith('[')) {
        [...rest!.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach(([, dst], i) => map.set(from + i, hexText(dst!)));
      } else {
        const first = parseInt(rest!.slice(1, -1), 16);
        for (let c = from; c <= to; c += 1) map.set(c, String.fromCodePoint(first + c - from));
      }
    }
  }
  return map;
}

export function readPdf(pdf: Buffer): PdfPage[] {
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
  const objects = objectsOf(pdf);
  const ref = (dict: string, key: string) => {
    const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
    return m ? objects.get(Number(m[1])) : undefined;
  };
  // Font resource names (pdfkit's are unique in a document) to their code-to-text maps.
  const fonts = new Map<string, Map<number, string>>();
  for (const o of objects.values()) {
    if (o.stream) continue;
    // pdfkit names its fonts F1, F2…; pdf-lib names them after the font (DejaVuSans-7098480789).
    for (const [, name, id] of o.dict.matchAll(/\/([A-Za-z][\w+-]*)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(id));
      const toUnicode = font && ref(font.dict, 'ToUnicode');
      if (toUnicode?.stream) fonts.set(name!, cmapOf(toUnicode.stream.toString('latin1')));
    }
  }
  const root = [...objects.values()].find((o) => /\/Type\s*\/Pages\b/.test(o.dict));
  if (!root) throw new Error('no page tree');
  const kids = [.../\/Kids\s*\[([^\]]*)\]/.exec(root.dict)![1]!.matchAll(/(\d+) 0 R/g)].map(([, id]) => objects.get(Number(id))!);
  return kids.map((page) => {
    const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(page.dict)!;
    // One content stream (pdfkit) or an array of them (pdf-lib adds one per change).
    const many = /\/Contents\s*\[([^\]]*)\]/.exec(page.dict);
    const content = many
      ? [...many[1]!.matchAll(/(\d+) 0 R/g)].map(([, id]) => objects.get(Number(id))?.stream?.toString('latin1') ?? '').join('\n')
      : (ref(page.dict, 'Contents')?.stream?.toString('latin1') ?? '');
    const lines: string[] = [];
    let font = new Map<number, string>();
    for (const [, name, array, single] of content.matchAll(/\/([A-Za-z][\w+-]*)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (name) {
        font = fonts.get(name) ?? new Map();
        continue;
      }
      const hex = array !== undefined ? [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, h]) => h!).join('') : single!;
      // NFKC: a ligature glyph (ﬂ) reads as its letters.
      lines.push(hexCodes(hex).map((c) => font.get(c) ?? '\uFFFD').join('').normalize('NFKC'));
    }
    return { width: Number(box[3]) - Number(box[1]), height: Number(box[4]) - Number(box[2]), text: lines.join('\n') };
  });
}
