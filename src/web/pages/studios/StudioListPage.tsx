/**
 * /studio (docs/product.md §2): cards with picture, name and location, each linking to its page
 * with the studio passed along; 'Loading...' while unknown, 'No Studios Found' when
 * empty; more studios page in as the end of the list scrolls into view.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../contract/messages';
import type { Studio } from '../../../contract/studios';
import { useStudioList } from '../../api/studio-list';
import './studios.css';

function StudioCard({ studio }: { studio: Studio }) {
  return (
    <li>
      <Link className="card studio-card" to={`/studio-detail/${studio._id}`} state={{ studio }}>
        <span className="studio-card-media">
          <img src={studio.banner || studio.profilePic} alt="" loading="lazy" width={400} height={150} />
          {studio.profilePic && <img className="studio-card-logo" src={studio.profilePic} alt="" loading="lazy" width={56} height={56} />}
        </span>
        <span className="studio-card-body">
          <span className="studio-card-name">{studio.fname}</span>
          <span className="studio-card-location">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="12" cy="9.5" r="2.5" fill="currentColor" />
            </svg>
            {studio.location || 'Location not given'}
          </span>
        </span>
      </Link>
    </li>
  );
}

export default function StudioListPage() {
  const { studios, hasMore, loadingMore, failed, loadMore } = useStudioList();
  const sentinel = useRef<HTMLDivElement>(null);

  // Pages the next studios in when the end of the list comes near the screen.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    }, { rootMargin: '600px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadMore, studios?.length]);

  return (
    <main className="page studios-page">
      <header className="studios-header">
        <h1>Studios</h1>
        <p className="muted">Film, television, music, fashion and theatre studios casting on Audition. Open one to see its story and the jobs it has posted.</p>
      </header>

      {studios === null ? (
        <p className="studios-state" role="status">{failed ? 'We could not reach the server. Trying again…' : MSG.loading}</p>
      ) : studios.length === 0 ? (
        <p className="studios-state" role="status">{MSG.noStudios}</p>
      ) : (
        <>
          <ul className="studio-grid" aria-label="Studios">
            {studios.map((s) => <StudioCard key={s._id} studio={s} />)}
          </ul>
          {hasMore && (
            <div ref={sentinel} className="studios-more">
              <button type="button" className="btn btn-secondary" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading more studios…' : 'Show more studios'}
              </button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
