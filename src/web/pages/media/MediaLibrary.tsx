/**
 * The body of the three media screens (docs/product.md §2 Media, §4 Media upload): left menu, tabs
 * and profile header, the count, an add button with the kind's file chooser, and the
 * items. Choosing a file shows the overlay with the upload's percent, uploads, registers
 * the URL, and shows the new item at once; any failure ends the overlay with a toast.
 */
import { useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { acceptedHint, fileProblem, looksLikeImage, typeRefusedMessage } from '../../../contract/file-checks';
import { CHOOSER_ACCEPT, type MediaType, type StorageKind } from '../../../contract/media-options';
import { MSG } from '../../../contract/messages';
import { SCREEN_MSG } from '../../../contract/screen-messages';
import { addMedia, removeMedia } from '../../api/media';
import { uploadFile, uploadResumably } from '../../api/storage';
import { UPLOAD_MSG_WEB } from '../../../contract/media-playback';
import { UnfinishedUploads } from '../../components/UnfinishedUploads';
import { useBusy } from '../../components/Busy';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ProfileShell } from '../../components/ProfileShell';
import { MEDIA_MENU } from '../../components/SideMenu';
import { useToast } from '../../components/Toasts';
import { refreshUserData, useUserData } from '../../api/user-data';
import './media.css';

export interface MediaView {
  mediaType: MediaType;
  kind: StorageKind;
  title: string;
  /** One item, as people say it: photo, video, audio. */
  noun: string;
  plural: string;
  /** The spec's empty text, word for word. */
  empty: string;
  /** What the server's size message calls this kind. */
  sizeLabel: string;
  renderItems(items: string[], remove: (url: string, label: string) => void): ReactNode;
}

/** A readable name from a stored key: `my-take-1-0a1b…c9.mp3` reads `my take 1`. */
export function displayName(url: string, fallback: string): string {
  const file = url.split('/').pop() ?? '';
  const stem = file
    .replace(/\.[a-z0-9]+$/, '')
    .replace(/-[0-9a-f]{16}$/, '')
    .replace(/^[0-9a-f-]{36}_\d+_/, '')
    .replace(/-[0-9a-f]{6}$/, '');
  const words = stem.replace(/[-_]+/g, ' ').trim();
  return words && words !== 'file' ? words : fallback;
}

export function MediaLibrary({ view }: { view: MediaView }) {
  const { user } = useUserData({ live: true });
  const { run, setLabel } = useBusy();
  const toast = useToast();
  const chooser = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState<{ url: string; label: string } | null>(null);

  const items = user?.[view.mediaType] ?? null;

  const [dragging, setDragging] = useState(false);

  function handleChoose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    void uploadAll(files);
  }

  /**
   * Several files go up one after another, each with its progress (docs/screens.md); a
   * file refused by its type or size is told and skipped, the others still go up. Cancel
   * stops the file going up and the ones waiting; the files already added stay, and a
   * toast says both. A file whose bytes are all stored is still listed even when Cancel
   * comes while it is being registered, so nothing is left stored but unlisted.
   */
  async function uploadAll(files: File[]) {
    // Each refused file is named with why (docs/screens.md, "Uploads"); a picture is also
    // checked by its first bytes, so a renamed non-image never goes up.
    const checked = await Promise.all(
      files.map(async (file) => {
        const problem =
          fileProblem(view.kind, file) ??
          (view.kind === 'images' && !looksLikeImage(new Uint8Array(await file.slice(0, 12).arrayBuffer())) ? typeRefusedMessage('images') : null);
        if (problem) toast(`${file.name}: ${problem}`);
        return problem ? null : file;
      }),
    );
    const accepted = checked.filter((file): file is File => file !== null);
    if (accepted.length === 0) return;
    const stop = new AbortController();
    let added = 0;
    let failed = 0;
    const label = (i: number, percent: number) => (accepted.length > 1 ? SCREEN_MSG.uploadingOf(i + 1, accepted.length, percent) : MSG.uploading(percent));
    await run(
      async () => {
        for (const [i, file] of accepted.entries()) {
          if (stop.signal.aborted) break;
          setLabel(label(i, 0));
          try {
            const progress = { onProgress: (percent: number) => setLabel(label(i, percent)), signal: stop.signal };
            // Videos go up resumably: a dropped connection is retried, a reload continues (docs/media.md).
            const { url } =
              view.kind === 'videos'
                ? await uploadResumably(view.kind, file, { ...progress, onRetry: () => setLabel(UPLOAD_MSG_WEB.retrying) })
                : await uploadFile(view.kind, file, progress);
            await addMedia(view.mediaType, url);
            added += 1;
            await refreshUserData();
          } catch (err) {
            if (isAbort(err)) break;
            failed += 1;
            toast((err as Error).message || MSG.uploadFailed);
          }
        }
      },
      label(0, 0),
      { onCancel: () => stop.abort() },
    );
    const skipped = accepted.length - added - failed;
    if (stop.signal.aborted && skipped > 0) toast(SCREEN_MSG.uploadCancelled(added, skipped, view.noun, view.plural), 'success');
  }

  // The whole card takes dropped files, the dashed box of an empty list included.
  const dropTarget = {
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      void uploadAll([...e.dataTransfer.files]);
    },
  };

  async function handleRemove() {
    if (!removing) return;
    const { url } = removing;
    setRemoving(null);
    try {
      await run(async () => {
        await removeMedia(view.mediaType, url);
        await refreshUserData();
      }, 'Removing…');
      // The removed item's button is gone: focus goes to the count, the result, never the body
      // (docs/screens.md, "Focus after actions"), once the overlay gave focus back.
      window.setTimeout(() => document.getElementById('media-count')?.focus(), 0);
    } catch (err) {
      toast((err as Error).message || MSG.removeFailed);
    }
  }

  const count = items?.length ?? 0;
  return (
    <ProfileShell user={user} menu={MEDIA_MENU} menuLabel="Media">
      <section className={`media card${dragging ? ' is-dropping' : ''}`} aria-labelledby="media-title" {...dropTarget}>
        <div className="media-head">
          <div>
            <h1 id="media-title">{view.title}</h1>
            {items ? (
              <p className="media-count" id="media-count" data-testid="media-count" tabIndex={-1}>
                {count} {count === 1 ? view.noun : view.plural}
              </p>
            ) : null}
          </div>
          <input
            ref={chooser}
            id={`choose-${view.kind}`}
            className="visually-hidden"
            type="file"
            accept={CHOOSER_ACCEPT[view.kind]}
            multiple
            onChange={handleChoose}
            tabIndex={-1}
            aria-hidden="true"
          />
          <button type="button" className="btn" onClick={() => chooser.current?.click()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
            Add {view.noun}
          </button>
        </div>
        <p className="media-accepts muted">
          {acceptedHint(view.kind)}. {SCREEN_MSG.dropHere(view.plural)}
        </p>
        {view.kind === 'videos' && <UnfinishedUploads target="videos" onChoose={() => chooser.current?.click()} />}
        {items === null ? (
          <p className="muted" role="status">{MSG.loading}</p>
        ) : items.length === 0 ? (
          <p className="media-empty">{view.empty}</p>
        ) : (
          view.renderItems(items, (url, label) => setRemoving({ url, label }))
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${view.noun}`}
        message={MSG.confirmRemove(view.noun)}
        confirmLabel="Remove"
        onConfirm={() => void handleRemove()}
        onCancel={() => setRemoving(null)}
      />
    </ProfileShell>
  );
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** The small remove button on each item. */
export function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" className="icon-btn media-remove" aria-label={`Remove ${label}`} title={`Remove ${label}`} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
