/**
 * Sends one file to /api/uploads over tus 1.0.0 (tus-js-client) and answers the finished
 * upload's id, which a from-upload call then uses (docs/media.md, "Resumable
 * uploads"). It goes in chunks; a failed request is retried after the waits of
 * RESUMABLE_UPLOADS; the same file sent again (after a reload, too) continues from the
 * offset the server has. Failures throw ApiError like every call.
 */
import { Upload, type DetailedError } from 'tus-js-client';
import { RESUMABLE_UPLOADS, UPLOAD_MSG_WEB } from '../../contract/media-playback';
import { ApiError, apiErrorFrom } from './client';
import { session, STORAGE_KEYS } from './session';
import { fingerprintOf, keepBytes, unfinishedUploads } from '../lib/unfinished-uploads';

export interface ResumableOptions {
  /** `videos`, `audios`, `images` or `tape`: the server's kind for its checks and limits. */
  kind: 'videos' | 'audios' | 'images' | 'tape';
  /** What the upload is for, as unfinished uploads are listed: `videos` or `tape:{requestId}`. */
  target: string;
  /** Called with 0–100 as the server takes the bytes. */
  onProgress?: (percent: number) => void;
  /** Called when a request failed and is about to be tried again. */
  onRetry?: () => void;
  /** Keep the bytes in this browser until sent (a recording, which cannot be chosen again). */
  keep?: boolean;
  signal?: AbortSignal;
}

const idOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? '');

export async function sendResumable(file: File, opts: ResumableOptions): Promise<string> {
  const account = localStorage.getItem(STORAGE_KEYS.id) ?? 'anon';
  const fingerprint = await fingerprintOf(file, opts.target, account);
  const kept = opts.keep ? await keepBytes(fingerprint, file) : false;
  const known = unfinishedUploads.list().find((u) => u.fingerprint === fingerprint);
  unfinishedUploads.remember({ fingerprint, target: opts.target, name: file.name, size: file.size, sent: known?.sent ?? 0, startedAt: known?.startedAt ?? Date.now(), kept });
  let percent = 0;
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: RESUMABLE_UPLOADS.path,
      chunkSize: RESUMABLE_UPLOADS.chunkBytes,
      retryDelays: [...RESUMABLE_UPLOADS.retryDelaysMs],
      metadata: { kind: opts.kind, filename: file.name, filetype: file.type },
      headers: { 'x-auth-token': session.token() ?? '' },
      fingerprint: () => Promise.resolve(fingerprint),
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
        opts.onProgress?.(percent);
      },
      onChunkComplete: (_chunk, accepted) => unfinishedUploads.progress(fingerprint, accepted),
      onShouldRetry: (err, attempt, options) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        // A refusal (4xx but 409 and 423, which tus answers to a stale offset or a lock) is final; a cut connection or a 5xx is not.
        const retry = status === 0 || status >= 500 || status === 409 || status === 423;
        if (retry && attempt < (options.retryDelays?.length ?? 0)) opts.onRetry?.();
        return retry;
      },
      onError: (err) => {
        const res = (err as DetailedError).originalResponse;
        if (res && res.getStatus() >= 400) {
          let body: unknown;
          try {
            body = JSON.parse(res.getBody());
          } catch {
            body = null;
          }
          // A refused upload cannot continue: nothing to offer after a reload.
          unfinishedUploads.forget(fingerprint);
          reject(apiErrorFrom(res.getStatus(), body));
        } else reject(new ApiError(UPLOAD_MSG_WEB.stopped(percent), 0, 'network'));
      },
      onSuccess: () => {
        unfinishedUploads.forget(fingerprint);
        resolve(idOf(upload.url ?? ''));
      },
    });
    if (opts.signal?.aborted) return reject(new DOMException('The upload was canceled.', 'AbortError'));
    opts.signal?.addEventListener(
      'abort',
      () => {
        // Cancelled on purpose: the server drops it, and nothing is offered after a reload.
        void upload.abort(true).catch(() => {});
        unfinishedUploads.forget(fingerprint);
        reject(new DOMException('The upload was canceled.', 'AbortError'));
      },
      { once: true },
    );
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}
