/** A photo shown large in a modal dialog, with previous and next, closed by its button or Escape. */
import { useEffect, useRef } from 'react';

interface Props {
  items: string[];
  /** The photo shown, or null when closed. */
  index: number | null;
  onIndex(index: number | null): void;
}

export function PhotoViewer({ items, index, onIndex }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const shown = index !== null && index < items.length ? index : null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (shown !== null && !dialog.open) dialog.showModal();
    if (shown === null && dialog.open) dialog.close();
  }, [shown]);

  const step = (by: number) => {
    if (shown === null) return;
    onIndex((shown + by + items.length) % items.length);
  };

  return (
    <dialog
      ref={ref}
      className="photo-viewer"
      aria-label={shown !== null ? `Photo ${shown + 1} of ${items.length}` : 'Photo'}
      onCancel={(e) => {
        e.preventDefault();
        onIndex(null);
      }}
      onClick={(e) => {
        // A click on the dark backdrop (the dialog itself, not its content) closes it.
        if (e.target === e.currentTarget) onIndex(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') step(1);
        if (e.key === 'ArrowLeft') step(-1);
      }}
    >
      {shown !== null ? (
        <figure className="photo-viewer-figure">
          <img src={items[shown]} alt={`Photo ${shown + 1} of ${items.length}`} />
          <figcaption className="photo-viewer-bar">
            <span>
              {shown + 1} / {items.length}
            </span>
            <span className="photo-viewer-actions">
              {items.length > 1 ? (
                <>
                  <button type="button" className="icon-btn" aria-label="Previous photo" onClick={() => step(-1)}>
                    ‹
                  </button>
                  <button type="button" className="icon-btn" aria-label="Next photo" onClick={() => step(1)}>
                    ›
                  </button>
                </>
              ) : null}
              <button type="button" className="icon-btn" aria-label="Close photo" onClick={() => onIndex(null)} autoFocus>
                ×
              </button>
            </span>
          </figcaption>
        </figure>
      ) : null}
    </dialog>
  );
}
