/**
 * The one way a route takes an uploaded file (docs/faults.md, "Uploads"): the multipart
 * parser with the same small form limits everywhere, the single `file` part or 400, and a
 * body cut off before its form ended answered as 400 `form_cut_off` with nothing kept.
 * Used by the media uploads and the self-tape sides and tapes.
 */
import fastifyMultipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../../errors.js';
import { isCutOff } from './file-intake.js';

/** One file and a few short fields per form; each route sets its own file size limit. */
export const UPLOAD_FORM_LIMITS = { files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 } as const;

/** Registers the multipart parser in the calling plugin's scope. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: UPLOAD_FORM_LIMITS });
}

const fileMissing = () => errors.fileMissing();

/** 400 unless the request is a multipart form (checked before anything is reserved or read). */
export function requireMultipart(req: FastifyRequest): void {
  if (!req.isMultipart()) throw fileMissing();
}

/**
 * The form's one file in the field `file`, at most `maxBytes` (a longer one is cut and
 * marked truncated, for the caller to refuse), or 400 `file_missing`; a part that is not
 * it is drained so the connection can be answered.
 */
export async function filePart(req: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  requireMultipart(req);
  const part = await req.file({ limits: { fileSize: maxBytes }, throwFileSizeLimit: false });
  if (!part || part.type !== 'file' || part.fieldname !== 'file') {
    part?.file.resume();
    throw fileMissing();
  }
  return part;
}

/** The body ended before the form did (no closing boundary): answered at once, nothing kept. */
export const cutOffAnswer = () => errors.formCutOff();

/** Runs the storing of an upload, answering a cut-off body as 400 `form_cut_off`. */
export async function cutOffAware<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isCutOff(error)) throw cutOffAnswer();
    throw error;
  }
}
