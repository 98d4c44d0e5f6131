/** /media/videos: the performer's videos, each with the browser's controls (they seek: the server answers ranges). */
import { MSG } from '../../../contract/messages';
import { displayName, MediaLibrary, RemoveButton, type MediaView } from './MediaLibrary';

const videos: MediaView = {
  mediaType: 'videos',
  kind: 'videos',
  title: 'Videos',
  noun: 'video',
  plural: 'videos',
  empty: MSG.noVideos,
  sizeLabel: 'video',
  renderItems: (items, remove) => (
    <ul className="video-list">
      {items.map((url, i) => {
        const name = displayName(url, `Video ${i + 1}`);
        return (
          <li key={url} className="media-item">
            <video className="media-video" src={url} controls preload="metadata" playsInline aria-label={`Video ${i + 1}: ${name}`} />
            <div className="media-item-bar">
              <span className="media-item-name">{name}</span>
              <RemoveButton label={`video ${i + 1}`} onClick={() => remove(url, `video ${i + 1}`)} />
            </div>
          </li>
        );
      })}
    </ul>
  ),
};

export default function VideosPage() {
  return <MediaLibrary view={videos} />;
}
