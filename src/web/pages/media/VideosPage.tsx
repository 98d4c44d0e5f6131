/**
 * /media/videos: the performer's videos, each with the browser's controls (they seek: the
 * server answers ranges), played from the converted MP4 once ready (docs/media.md).
 */
import { MSG } from '../../../contract/messages';
import { useOwnMedia } from '../../api/own-media';
import { VideoPlayer } from '../../components/VideoPlayer';
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
            <OwnVideo url={url} label={`Video ${i + 1}: ${name}`} />
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

/** One video with its conversion from GET /api/audition/media; the original until that answer is in. */
function OwnVideo({ url, label }: { url: string; label: string }) {
  const own = useOwnMedia();
  const item = own.data?.find((m) => m.url === url);
  return <VideoPlayer className="media-video" video={item ?? { url }} label={label} />;
}

export default function VideosPage() {
  return <MediaLibrary view={videos} />;
}
