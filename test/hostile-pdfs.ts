/**
 * PDFs written byte by byte for the attack tests (docs/security.md, "PDFs: parsed, stamped and drawn off the main thread"): a
 * page tree whose nodes share their kids, and an object stream that inflates far past its
 * size. Each is a whole file with a cross-reference table, as a real PDF writer leaves it.
 */
import { deflateSync } from 'node:zlib';

/** A PDF of these objects, numbered from 1; object 1 is the catalog. */
export function pdfOf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const bytes = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    parts.push(bytes);
    length += bytes.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const PAGE = '<< /Type /Page /Parent %PARENT% 0 R /MediaBox [0 0 612 792] >>';

/**
 * The catalog, then `levels` page tree nodes, each `<< /Type /Pages /Kids [n+1 0 R n+1 0 R] >>`
 * (a walk without memory visits 2^levels nodes), and one real page under the last.
 */
export function sharedKidsTree(levels: number): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  for (let n = 2; n < levels + 2; n += 1) {
    const parent = n === 2 ? '' : `/Parent ${n - 1} 0 R `;
    objects.push(`<< /Type /Pages ${parent}/Kids [${n + 1} 0 R ${n + 1} 0 R] /Count ${2 ** Math.min(levels - n + 2, 30)} >>`);
  }
  objects.push(PAGE.replace('%PARENT%', String(levels + 1)));
  return pdfOf(objects);
}

/** A one-page PDF with an object stream of `inflatesTo` bytes, deflated to a few kilobytes. */
export function objectStreamBomb(inflatesTo: number): Buffer {
  const first = '5 0 ';
  const body = Buffer.alloc(inflatesTo, 0x20);
  body.write(`${first}<< /Padding true >>`, 0, 'latin1');
  const deflated = deflateSync(body, { level: 9 });
  const stream = Buffer.concat([
    Buffer.from(`<< /Type /ObjStm /N 1 /First ${first.length} /Filter /FlateDecode /Length ${deflated.length} >>\nstream\n`, 'latin1'),
    deflated,
    Buffer.from('\nendstream', 'latin1'),
  ]);
  return pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', PAGE.replace('%PARENT%', '2'), '<< /Producer (test) >>', stream]);
}
