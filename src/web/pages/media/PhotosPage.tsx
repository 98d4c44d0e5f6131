/** /media/photos: the performer's photos as a grid of thumbnails; a photo opens larger on click. */
import { useState } from 'react';
import { thumbUrlOf } from '../../../contract/media-options';
import { MSG } from '../../../contract/messages';
import { MediaLibrary, RemoveButton, type MediaView } from './MediaLibrary';
import { PhotoViewer } from './PhotoViewer';

function PhotoGrid({ items, remove }: { items: string[]; remove: (url: string, label: string) => void }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className="photo-grid">
        {items.map((url, i) => (
          <li key={url} className="photo-tile">
            <button type="button" className="photo-open" onClick={() => setOpen(i)} aria-label={`Open photo ${i + 1} larger`}>
              <img
                src={thumbUrlOf(url)}
                alt={`Photo ${i + 1}`}
                loading="lazy"
                width={240}
                height={240}
                onError={(e) => {
                  // Files stored before thumbnails existed: show the photo itself.
                  if (e.currentTarget.src !== new URL(url, location.href).href) e.currentTarget.src = url;
                }}
              />
            </button>
            <RemoveButton label={`photo ${i + 1}`} onClick={() => remove(url, `photo ${i + 1}`)} />
          </li>
        ))}
      </ul>
      <PhotoViewer items={items} index={open} onIndex={setOpen} />
    </>
  );
}

const photos: MediaView = {
  mediaType: 'photos',
  kind: 'images',
  title: 'Photos',
  noun: 'photo',
  plural: 'photos',
  empty: MSG.noPhotos,
  sizeLabel: 'image',
  renderItems: (items, remove) => <PhotoGrid items={items} remove={remove} />,
};

export default function PhotosPage() {
  return <MediaLibrary view={photos} />;
}
