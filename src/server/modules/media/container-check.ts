/**
 * Checks that an audio or video file is the container it claims to be and can be played
 * (docs/faults.md, "Media files"): music-metadata walks the container's structure (WAV
 * chunks, MP4 atoms, Ogg pages, Matroska elements…) without decoding any sample. A file
 * it cannot read to its end, with no track or duration, or that claims far more sound or
 * picture than it holds, is refused. It reads a copy of the upload while the upload is
 * stored, so a 500 MB file is never held in memory. A finished resumable upload already lies
 * on this disk: the parser reads the file there, seeking past the samples it does not need,
 * instead of a copy of every byte, before the file is moved into storage (docs/media.md,
 * "Resumable uploads").
 */
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import type { IFormat } from 'music-metadata';
import type { IRandomAccessTokenizer } from 'strtok3';

/** What the check found: playable, or the reason it is not (for the log). */
export type ContainerVerdict = { playable: true } | { playable: false; reason: string };

/**
 * A file may hold less than its header claims (a recording cut short still plays what it
 * has), but not this much less: a WAV claiming 2 GB with 8 KB of samples is not a recording.
 */
const CLAIM_SLACK = { factor: 2, bytes: 64 * 1024 };
/**
 * What a second of sound or picture takes at least (4 kbit/s, below any speech codec): a file
 * claiming a duration needs this much, whether or not the parser reports a bitrate (an MP4
 * claiming 10 hours in 1.7 KB).
 */
const MIN_BYTES_PER_SECOND = 500;
/** Uncompressed samples (PCM WAV) take exactly what the header says: no slack in bytes beyond the factor. */
const PCM_SLACK = { factor: 2, bytes: 0 };

interface Probe {
  /** The upload's bytes, passed on unchanged; a copy goes to the parser. */
  stream: Readable;
  /** Settles once the parser has read the copy to its end (or given up). */
  verdict(storedBytes: number): Promise<ContainerVerdict>;
}

/** Puts a container check on `source`, a stream of a file sniffed as `mime`. */
export function probeContainer(source: Readable, mime: string): Probe {
  // A megabyte of slack, so the upload rarely waits for the parser chunk by chunk.
  const copy = new PassThrough({ highWaterMark: 1024 * 1024 });
  let settled = false;
  let wakeWriter: (() => void) | undefined;
  const parsed = parse(copy, mime).finally(() => {
    settled = true;
    wakeWriter?.();
    copy.resume();
  });

  const tee = new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      if (settled || copy.write(chunk)) return done(null, chunk);
      // The parser is behind: wait for it (or for its end) so the copy never piles up.
      const go = () => {
        copy.off('drain', go);
        wakeWriter = undefined;
        done(null, chunk);
      };
      wakeWriter = go;
      copy.once('drain', go);
    },
    flush(done: TransformCallback) {
      copy.end();
      done();
    },
  });
  source.on('error', (error) => tee.destroy(error));
  tee.on('error', () => copy.destroy());
  return {
    stream: source.pipe(tee),
    verdict: async (storedBytes) => judge(await parsed, storedBytes),
  };
}

/** The check of a file lying on this disk, `storedBytes` long. */
export async function checkFileOnDisk(localPath: string, mime: string, storedBytes: number): Promise<ContainerVerdict> {
  return judge(await parseFile(localPath, mime), storedBytes);
}

type Parsed = { playable: true; claimedBytes?: number; pcm: boolean } | { playable: false; reason: string };

/** Playable, unless the file claims far more media than its stored bytes can hold. */
function judge(found: Parsed, storedBytes: number): ContainerVerdict {
  if (!found.playable) return found;
  const claimed = found.claimedBytes;
  const slack = found.pcm ? PCM_SLACK : CLAIM_SLACK;
  if (claimed !== undefined && claimed > storedBytes * slack.factor + slack.bytes) {
    return { playable: false, reason: `claims ${Math.round(claimed)} bytes of media in a ${storedBytes}-byte file` };
  }
  return { playable: true };
}

/** strtok3's file tokenizer: its node entry, which the project's Bundler resolution types as the browser's core. */
type FromFile = (path: string, options: { fileInfo: { mimeType: string } }) => Promise<IRandomAccessTokenizer>;

/** The parse of a file on this disk, through a tokenizer that seeks, told the sniffed type (the file has no extension). */
async function parseFile(localPath: string, mime: string): Promise<Parsed> {
  // Loaded with the first audio or video, not at start (as sharp is: docs/performance.md, "Memory").
  const [{ parseFromTokenizer }, strtok3] = await Promise.all([import('music-metadata'), import('strtok3')]);
  let tokenizer: IRandomAccessTokenizer;
  try {
    tokenizer = await (strtok3 as unknown as { fromFile: FromFile }).fromFile(localPath, { fileInfo: { mimeType: mime } });
  } catch (error) {
    return { playable: false, reason: String((error as Error).message ?? error) };
  }
  // A stream's tokenizer fails a skip past the end of the file; a file's stops there quietly.
  // Made strict, so a data box cut off is refused here as it is in a stream. A length no
  // file can have (a live recording's "unknown" size) is left to the tokenizer's own refusal,
  // which read() knows.
  const skip = tokenizer.ignore.bind(tokenizer);
  tokenizer.ignore = (length) =>
    Number.isSafeInteger(length) && length > tokenizer.fileInfo.size - tokenizer.position ? Promise.reject(new strtok3.EndOfStreamError()) : skip(length);
  try {
    return await read(mime, (options) => parseFromTokenizer(tokenizer, options));
  } finally {
    await tokenizer.close();
  }
}

async function parse(copy: Readable, mime: string): Promise<Parsed> {
  const { parseStream } = await import('music-metadata');
  return read(mime, (options) => parseStream(copy, { mimeType: mime }, options));
}

type ParseWith = (options: { duration: boolean; skipCovers: boolean }) => Promise<{ format: IFormat }>;

/** What the parser found, read either way. */
async function read(mime: string, parseWith: ParseWith): Promise<Parsed> {
  try {
    const { format } = await parseWith({ duration: true, skipCovers: true });
    const duration = format.duration !== undefined && Number.isFinite(format.duration) && format.duration > 0 ? format.duration : undefined;
    // A video's MP4 duration is not always given, but a readable moov lists its tracks.
    if (duration === undefined && format.trackInfo.length === 0) return { playable: false, reason: 'no track and no duration' };
    // What the duration claims, at the reported bitrate or at least the floor: the rule holds without a bitrate.
    const claimedBytes = duration !== undefined ? duration * Math.max(format.bitrate ? format.bitrate / 8 : 0, MIN_BYTES_PER_SECOND) : undefined;
    const pcm = format.container === 'WAVE' && format.codec === 'PCM';
    return { playable: true, claimedBytes, pcm };
  } catch (error) {
    const reason = String((error as Error).message ?? error);
    // A browser's recording (MediaRecorder's WebM) is a live stream: its segment's size is
    // "unknown", which the parser cannot skip. It is let through here; the conversion reads
    // it to its end and a recording it cannot convert ends `failed` (docs/media.md).
    if (mime.endsWith('/webm') && /ignore length/.test(reason)) return { playable: true, pcm: false };
    return { playable: false, reason };
  }
}
