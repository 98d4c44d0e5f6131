/** /media/audios: the performer's audios, each with a player. */
import { MSG } from '../../../contract/messages';
import { displayName, MediaLibrary, RemoveButton, type MediaView } from './MediaLibrary';

const audios: MediaView = {
  mediaType: 'audios',
  kind: 'audios',
  title: 'Audios',
  noun: 'audio',
  plural: 'audios',
  empty: MSG.noAudios,
  sizeLabel: 'audio file',
  renderItems: (items, remove) => (
    <ul className="audio-list">
      {items.map((url, i) => {
        const name = displayName(url, `Audio ${i + 1}`);
        return (
          <li key={url} className="media-item audio-item">
            <div className="media-item-bar">
              <span className="media-item-name">
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M9 18V5l12-2v13" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  <circle cx="6" cy="18" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
                  <circle cx="18" cy="16" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
                {name}
              </span>
              <RemoveButton label={`audio ${i + 1}`} onClick={() => remove(url, `audio ${i + 1}`)} />
            </div>
            <audio className="media-audio" src={url} controls preload="metadata" aria-label={`Audio ${i + 1}: ${name}`} />
          </li>
        );
      })}
    </ul>
  ),
};

export default function AudiosPage() {
  return <MediaLibrary view={audios} />;
}
