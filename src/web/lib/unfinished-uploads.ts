/**
 * The uploads this browser started and has not finished (docs/media.md, "Resumable
 * uploads"): kept in localStorage beside tus-js-client's own record of each upload's
 * address, so a reloaded page can say which one stopped and how far it got. A recording
 * has no file to choose again, so its bytes are kept in IndexedDB until it is sent.
 */
import { useSyncExternalStore } from 'react';
import { RESUMABLE_UPLOADS } from '../../contract/media-playback';

export interface UnfinishedUpload {
  /** tus-js-client's fingerprint: the file's size and first bytes, with the account and target. */
  fingerprint: string;
  /** What the upload is for: `videos`, or `tape:{requestId}`. */
  target: string;
  name: string;
  size: number;
  sent: number;
  startedAt: number;
  /** The bytes are in IndexedDB (a recording). */
  kept: boolean;
}

const KEY = 'audition:unfinishedUploads';
const listeners = new Set<() => void>();
let cached: { raw: string | null; list: UnfinishedUpload[] } = { raw: null, list: [] };

function read(): UnfinishedUpload[] {
  const raw = localStorage.getItem(KEY);
  if (raw !== cached.raw) {
    let list: UnfinishedUpload[];
    try {
      list = raw ? (JSON.parse(raw) as UnfinishedUpload[]) : [];
    } catch {
      list = [];
    }
    cached = { raw, list: list.filter((u) => Date.now() - u.startedAt < RESUMABLE_UPLOADS.offerForMs) };
  }
  return cached.list;
}

function write(list: UnfinishedUpload[]) {
  localStorage.setItem(KEY, JSON.stringify(list));
  listeners.forEach((l) => l());
}

export const unfinishedUploads = {
  list: read,
  remember(upload: UnfinishedUpload) {
    write([...read().filter((u) => u.fingerprint !== upload.fingerprint), upload]);
  },
  progress(fingerprint: string, sent: number) {
    const list = read();
    if (list.some((u) => u.fingerprint === fingerprint && u.sent !== sent)) write(list.map((u) => (u.fingerprint === fingerprint ? { ...u, sent } : u)));
  },
  forget(fingerprint: string) {
    write(read().filter((u) => u.fingerprint !== fingerprint));
    void dropBytes(fingerprint);
  },
};

/** The unfinished uploads for `target`, re-read whenever one changes. */
export function useUnfinishedUploads(target: string): UnfinishedUpload[] {
  const all = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
  );
  return all.filter((u) => u.target === target);
}

/** The fingerprint of a file for `target`: its size and a SHA-256 of its first 256 KB, so the same bytes chosen again after a reload resume. */
export async function fingerprintOf(file: Blob, target: string, account: string): Promise<string> {
  const head = await file.slice(0, 256 * 1024).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', head));
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `audition-${account}-${target}-${file.size}-${hex}`;
}

// IndexedDB: one store of recorded tapes by fingerprint.
const DB = 'audition-recordings';
const STORE = 'tapes';

function db(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const d = await db();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = work(d.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
    });
  } finally {
    d.close();
  }
}

/** Keeps a recording's bytes until it is sent (a private window may refuse: then a reload cannot continue it). */
export const keepBytes = (fingerprint: string, file: File) => inStore('readwrite', (s) => s.put(file, fingerprint)).then(() => true, () => false);
export const keptBytes = (fingerprint: string) => inStore<File | undefined>('readonly', (s) => s.get(fingerprint) as IDBRequest<File | undefined>).catch(() => undefined);
const dropBytes = (fingerprint: string) => inStore('readwrite', (s) => s.delete(fingerprint)).catch(() => undefined);
