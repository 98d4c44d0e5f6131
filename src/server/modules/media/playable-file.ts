/**
 * Stores an audio or video file only if it can be played (docs/faults.md, "Media files"): a
 * file over its limit or that the container check refuses leaves nothing in storage. A
 * finished resumable upload on this disk is checked where it lies, before it is moved into
 * place, so a refused one never enters storage; anything else is checked from a copy as it
 * streams to storage, and removed again if refused (docs/media.md, "Resumable uploads").
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Storage } from '../../adapters/storage/index.js';
import { checkFileOnDisk, probeContainer } from './container-check.js';
import type { IncomingFile } from './file-intake.js';

/** The caller's words for the two refusals. */
export interface Refusals {
  tooLarge(): Error;
  unplayable(reason: string, size: number): Error;
}

/** Stores `whole` (the sniffed stream of `part`, type `mime`) at `key`, or throws one of `refuse`'s errors. */
export async function storePlayable(storage: Storage, key: string, whole: Readable, part: IncomingFile, mime: string, refuse: Refusals): Promise<{ size: number }> {
  if (part.localPath) {
    // Only its head was read (the type's sniff); the parser seeks through the rest on the disk.
    whole.destroy();
    part.file.destroy();
    const { size } = await stat(part.localPath);
    const verdict = await checkFileOnDisk(part.localPath, mime, size);
    if (!verdict.playable) throw refuse.unplayable(verdict.reason, size);
    return storage.adopt ? storage.adopt(key, part.localPath) : storage.put(key, createReadStream(part.localPath), mime);
  }
  const probe = probeContainer(whole, mime);
  let size: number;
  try {
    ({ size } = await storage.put(key, probe.stream, mime));
  } catch (error) {
    if (part.file.truncated) throw refuse.tooLarge();
    throw error;
  }
  if (part.file.truncated) {
    await storage.delete(key);
    throw refuse.tooLarge();
  }
  const verdict = await probe.verdict(size);
  if (!verdict.playable) {
    await storage.delete(key);
    throw refuse.unplayable(verdict.reason, size);
  }
  return { size };
}
