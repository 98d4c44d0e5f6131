/**
 * Bench row (docs/media.md): seconds of video converted per second of work, for a
 * few-second 1080p HEVC clip made with the bundled ffmpeg (an iPhone's default codec), through
 * the same conversion the background job runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { convertFile, runFfmpeg } from '../src/server/modules/media/index.js';

const CLIP_SECONDS = 4;

export async function conversionBench(add: (row: string, figure: string, baseline?: string) => void): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-convert-'));
  try {
    const input = path.join(dir, 'clip.mov');
    await runFfmpeg([
      '-f', 'lavfi', '-i', `testsrc=size=1920x1080:rate=30:duration=${CLIP_SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP_SECONDS}`,
      '-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-c:a', 'aac', '-shortest', input,
    ]);
    const started = performance.now();
    const done = await convertFile(input, dir);
    const seconds = (performance.now() - started) / 1000;
    const video = done.durationS ?? CLIP_SECONDS;
    add(`conversion: ${video.toFixed(1)} s 1080p HEVC → H.264 MP4 + poster`, `${(video / seconds).toFixed(2)} s of video per s of work (${seconds.toFixed(1)} s)`, 'real time = 1.00');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/conversion.ts`: this row alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  await conversionBench((row, figure, baseline) => console.log(`  ${row}: ${figure}${baseline ? `   (baseline: ${baseline})` : ''}`));
}
