/**
 * Uploads one file to POST /api/storage/{kind} with progress (XMLHttpRequest: fetch cannot
 * report upload progress). Failures throw ApiError with the server's msg, like every call.
 * Used by the media screens and by Edit profile for the profile photo.
 */
import type { StoredFileAnswer } from '../../contract/media';
import type { StorageKind } from '../../contract/media-options';
import { api, ApiError, apiErrorFrom } from './client';
import { sendResumable, type ResumableOptions } from './resumable-upload';
import { session } from './session';

export interface UploadOptions {
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  /** 'profile' keys the image as the spec's images/{userId}_{date}_{filename}. */
  purpose?: 'profile';
  signal?: AbortSignal;
}

export function uploadFile(kind: StorageKind, file: Blob, opts: UploadOptions = {}): Promise<StoredFileAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/storage/${kind}${opts.purpose ? `?purpose=${opts.purpose}` : ''}`);
    const token = session.token();
    if (token) xhr.setRequestHeader('x-auth-token', token);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) opts.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = xhr.response as { url?: string; thumbUrl?: string; msg?: unknown; code?: string } | null;
      if (xhr.status === 200 && typeof body?.url === 'string') {
        resolve(body.thumbUrl ? { url: body.url, thumbUrl: body.thumbUrl } : { url: body.url });
        return;
      }
      reject(apiErrorFrom(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError('Network error', 0, 'network'));
    const cancelled = () => new DOMException('The upload was canceled.', 'AbortError');
    xhr.onabort = () => reject(cancelled());
    if (opts.signal?.aborted) {
      reject(cancelled());
      return;
    }
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'upload');
    xhr.send(form);
  });
}

/**
 * A video sent resumably (docs/media.md): the bytes go to /api/uploads, then
 * POST /api/storage/{kind}/from-upload { uploadId } checks and stores them, answering as
 * the multipart call does.
 */
export async function uploadResumably(kind: StorageKind, file: File, opts: Omit<ResumableOptions, 'kind' | 'target'> = {}): Promise<StoredFileAnswer> {
  const uploadId = await sendResumable(file, { ...opts, kind, target: kind });
  return api<StoredFileAnswer>(`/api/storage/${kind}/from-upload`, { json: { uploadId }, signal: opts.signal });
}
