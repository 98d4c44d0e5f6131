/**
 * What the screens need of resumable uploads, converted videos and recording on the page
 * (docs/media.md), schema-free so a screen can import it without zod: the tus
 * address and how the web sends, a converted file's fields as players read them, and every
 * text of the uploads' progress, the players and the "Record here" screen.
 */

/** Where a video's or tape's conversion stands. */
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * A video or tape as a player takes it: `url` is the original; answers that carry the
 * conversion add `status`, `playbackUrl` (the MP4 once ready), `posterUrl` and, when it
 * failed, `reason`. An answer without `status` is played from `url` as it was sent.
 */
export interface PlayableVideo {
  url: string;
  status?: MediaStatus;
  playbackUrl?: string | null;
  posterUrl?: string | null;
  durationS?: number | null;
  reason?: string | null;
}

/** One of GET /api/audition/media: the caller's own photo, video or audio with its conversion. */
export interface OwnMediaItem extends PlayableVideo {
  kind: 'photos' | 'videos' | 'audios';
  status: MediaStatus;
  width: number | null;
  height: number | null;
}

/** How the web sends a video or tape (tus 1.0.0 at /api/uploads). */
export const RESUMABLE_UPLOADS = {
  path: '/api/uploads',
  /** One PATCH carries at most this much: a cut connection loses at most one chunk. */
  chunkBytes: 5 * 1024 * 1024,
  /** Waits before each retry of a failed request; after the last, the upload stops and says so. */
  retryDelaysMs: [0, 1000, 3000, 5000],
  /** A reload offers to continue an upload started within this time (the server keeps it 24 hours after its last byte). */
  offerForMs: 24 * 60 * 60_000,
} as const;

export const PLAYBACK_MSG = {
  /** What a player says while the video converts (`processing`). */
  processing: 'Processing…',
  processingHint: 'The video is being prepared to play everywhere. It plays here once ready.',
  /** The `reason` of a conversion that failed, as answers carry it to the owner. */
  conversionFailed: 'The file is damaged or holds no picture we can read. Send it again or try another file.',
  failed: (reason: string) => `This video could not be prepared. ${reason}`,
  failedNoReason: 'This video could not be prepared. Send it again or try another file.',
} as const;

export const UPLOAD_MSG_WEB = {
  sending: (percent: number) => `Sending… ${percent}%`,
  retrying: 'The connection dropped. Trying again…',
  stopped: (percent: number) => `The upload stopped at ${percent}%: the connection was lost. Send it again to continue where it stopped.`,
  unfinished: (name: string, percent: number) => `Your upload of “${name}” stopped at ${percent}%. Choose the same file to continue where it stopped.`,
  unfinishedRecording: (percent: number) => `Your recorded tape stopped sending at ${percent}%.`,
  chooseAgain: 'Choose the file',
  continueRecording: 'Continue sending',
  forget: 'Forget it',
  forgotten: 'The unfinished upload was forgotten.',
} as const;

/** The "Record here" screen (docs/media.md, "Recording"). */
export const RECORD_MSG = {
  recordHere: 'Record here',
  title: (job: string) => `Record your tape: ${job}`,
  preview: 'Camera preview',
  sides: 'Your sides',
  sidesLoading: 'Loading your sides…',
  openSides: 'Open the sides in a new tab',
  noSides: 'This request has no sides.',
  instructions: 'Instructions',
  start: 'Start recording',
  countdown: (n: number) => `Recording starts in ${n}`,
  recording: 'Recording',
  stop: 'Stop',
  again: 'Record again',
  send: 'Send this tape',
  watchBack: 'Your take',
  takeLength: (seconds: number) => `Your take is ${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')} long.`,
  cameraStarting: 'Starting the camera…',
  cameraRefused: 'The camera or microphone was refused. Allow them for this site in your browser’s settings and reload, or send a file instead.',
  cameraMissing: 'No camera or microphone was found on this device. Send a file you recorded instead.',
  cameraUnsupported: 'This browser cannot record here. Send a file you recorded instead.',
  cameraFailed: 'The camera could not be started. Close other apps that use it and reload, or send a file instead.',
  useFile: 'Send a file instead',
  sent: 'Your tape was sent. It plays once it has been prepared.',
  backToRequests: 'Back to your applications',
  notOpen: 'This request is not open for a tape.',
  notFound: 'This self-tape request was not found.',
} as const;
