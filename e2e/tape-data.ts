/**
 * Self-tapes for the players' specs (the applicant card, the review room), sent through the API
 * of the running app: a request accepted and a tape sent, then left to the app's own background
 * conversion (docs/media.md, "Conversion").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { expect } from 'vitest';
import type { TapeRequestsAnswer } from '../src/contract/self-tapes.js';
import { fixture } from '../test/media-files.js';
import { apiAs } from './application-data.js';
import { baseUrl, buyPlan, createUser, type StudioUser, type TestUser } from './harness.js';

/** A performer who applied to the job: the account and the application's id. */
export async function tapedApplicant(job: { _id: string }, note = 'Tape on its way.'): Promise<{ performer: TestUser; applicationId: string }> {
  const performer = await createUser();
  await buyPlan(performer, 'gold');
  const app = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, performer.token, { note });
  return { performer, applicationId: app._id };
}

/** The studio asks these applicants for tapes (no sides, 8 days), and each accepts. */
export async function requestTapes(studio: StudioUser, who: { performer: TestUser; applicationId: string }[]): Promise<void> {
  const deadline = new Date(Date.now() + 8 * 24 * 3_600_000).toISOString();
  await apiAs('POST', '/api/studio/tape-requests', studio.token, { applicationIds: who.map((w) => w.applicationId), instructions: 'Scene 2, chest up. Slate first.', deadline });
  for (const { performer } of who) {
    const { tapeRequests } = await apiAs<TapeRequestsAnswer>('GET', '/api/audition/tape-requests', performer.token);
    await apiAs('POST', `/api/audition/tape-requests/${tapeRequests[0]!._id}/accept`, performer.token, {});
  }
}

/** Sends the performer's tape (multipart), answering its request id. */
export async function sendTape(performer: TestUser, file: { name: string; type: string; buffer: Buffer }): Promise<string> {
  const { tapeRequests } = await apiAs<TapeRequestsAnswer>('GET', '/api/audition/tape-requests', performer.token);
  const id = tapeRequests[0]!._id;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl()}/api/audition/tape-requests/${id}/tape`, { method: 'POST', headers: { 'x-auth-token': performer.token }, body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return id;
}

/** A tape that converts: the 4-second H.264 clip of the fixtures. */
export const playableTape = () => ({ name: 'my tape.mp4', type: 'video/mp4', buffer: fixture('clip.mp4') });

/**
 * A tape that stays `processing` for several seconds: sound only in an MP4, made with the npm
 * ffmpeg. Its container passes the upload's check, and each conversion attempt fails, so it is
 * tried three times, a pass apart (2 s in the end-to-end app, e2e/short-waits.ts; 3 s by
 * default), before it ends `failed` with its reason.
 */
export function slowToFailTape(): { name: string; type: string; buffer: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tape-'));
  try {
    const out = path.join(dir, 'sound.mp4');
    execFileSync(ffmpeg.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', '-f', 'mp4', '-brand', 'isom', out]);
    return { name: 'sound only.mp4', type: 'video/mp4', buffer: readFileSync(out) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits until the performer's tape is `ready` (the app converts it in the background). */
export async function tapeReady(performer: TestUser): Promise<void> {
  await expect
    .poll(async () => (await apiAs<TapeRequestsAnswer>('GET', '/api/audition/tape-requests', performer.token)).tapeRequests[0]?.tape?.status, { timeout: 90_000, interval: 1_000 })
    .toBe('ready');
}
