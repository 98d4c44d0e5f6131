/** /download-section (docs/product.md §2): 'Download our app now!' with the store badges. */
import { Link } from 'react-router';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { MSG } from '../../../contract/messages';
import { StoreBadges } from '../../components/StoreBadges';
import './download.css';

const POINTS = [
  'Audition alerts the moment a studio posts a role that fits you',
  'Apply with your portfolio in two taps',
  'Chat with casting directors wherever you are',
  'Upload photos, videos and voice clips straight from your phone',
];

export default function DownloadPage() {
  return (
    <main className="page download-page">
      <div className="download-copy">
        <p className="download-kicker">The Audition app</p>
        <h1>{MSG.downloadHeading}</h1>
        <p className="download-lead">Everything you do on Audition, in your pocket. Never miss a casting call again.</p>
        <ul className="download-points">
          {POINTS.map((point) => (
            <li key={point}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="m6 12.5 4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {point}
            </li>
          ))}
        </ul>
        <StoreBadges />
        <p className="download-web">
          <Link to="/jobs">{MARKET_MSG.browseJobs}</Link>
        </p>
      </div>
      <div className="download-phone" aria-hidden="true">
        <div className="download-screen">
          <span className="download-screen-bar" />
          <span className="download-screen-card" style={{ backgroundImage: 'url("/demo/job-1.webp")' }} />
          <span className="download-screen-line" />
          <span className="download-screen-line short" />
          <span className="download-screen-card" style={{ backgroundImage: 'url("/demo/job-3.webp")' }} />
          <span className="download-screen-line" />
          <span className="download-screen-button" />
        </div>
      </div>
    </main>
  );
}
