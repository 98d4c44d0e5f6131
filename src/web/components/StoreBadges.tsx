/**
 * The two store badges (docs/product.md §1, §2): only the Play Store badge links out, in a new
 * tab, to the address the server's settings give (PLAY_STORE_URL via /api/config);
 * the App Store badge has no link.
 */
import { useAppConfig } from '../api/config';
import './store-badges.css';

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <path d="M4 2.8v18.4c0 .6.6 1 1.1.7l15.6-9.2a.8.8 0 0 0 0-1.4L5.1 2.1C4.6 1.8 4 2.2 4 2.8z" fill="currentColor" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <rect x="6" y="2" width="12" height="20" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="18.5" r="1.2" fill="currentColor" />
    </svg>
  );
}

export function StoreBadges() {
  const playStoreUrl = useAppConfig().data?.playStoreUrl ?? null;

  const play = (
    <>
      <PlayIcon />
      <span className="badge-text">
        <small>GET IT ON</small>
        Google Play
      </span>
    </>
  );

  return (
    <div className="store-badges">
      {playStoreUrl ? (
        <a className="store-badge" href={playStoreUrl} target="_blank" rel="noopener noreferrer" data-testid="play-store-badge">
          {play}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="store-badge" aria-hidden="true">
          {play}
        </span>
      )}
      <span className="store-badge store-badge-static" data-testid="app-store-badge">
        <PhoneIcon />
        <span className="badge-text">
          <small>Download on the</small>
          App Store
        </span>
      </span>
    </div>
  );
}
