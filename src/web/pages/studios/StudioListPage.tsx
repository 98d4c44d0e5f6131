/**
 * /studio (docs/product.md §2): cards with picture, name and location, each linking to its page
 * with the studio passed along; 'Loading...' while unknown, 'No Studios Found' when
 * empty; more studios page in as the end of the list scrolls into view. A search box and
 * a location filter (kept in the address: ?q=&location=&page=) show every match a
 * numbered page at a time (docs/screens.md).
 */
import { TextField } from '../../components/FormField';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../../contract/messages';
import { SCREEN_MSG } from '../../../contract/screen-messages';
import { STUDIO_LIMITS } from '../../../contract/studio-limits';
import type { Studio } from '../../../contract/studios';
import { useStudioFind } from '../../api/studio-find';
import { useStudioList } from '../../api/studio-list';
import './studios.css';
import { photoSources } from '../../lib/photo-sources';

/** `first`: the list's first card, whose banner is the page's largest paint: loaded at once (docs/screens.md, "Public pages in Lighthouse"). */
function StudioCard({ studio, first = false }: { studio: Studio; first?: boolean }) {
  return (
    <li>
      <Link className="card studio-card" to={`/studio-detail/${studio._id}`} state={{ studio }}>
        <span className="studio-card-media">
          <img {...photoSources(studio.banner || studio.profilePic, '(max-width: 600px) 100vw, 400px')} alt="" loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'auto'} width={400} height={150} />
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
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const location = params.get('location')?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const searching = q !== '' || location !== '';
  return (
    <main className="page studios-page">
      <header className="studios-header">
        <h1>Studios</h1>
        <p className="muted">Film, television, music, fashion and theatre studios casting on Audition. Open one to see its story and the jobs it has posted.</p>
      </header>
      <StudioSearchForm
        key={`${q}\u0000${location}`}
        q={q}
        location={location}
        onSearch={(next) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')))}
      />
      {searching ? <Matches q={q} location={location} page={page} onPage={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })} /> : <AllStudios />}
    </main>
  );
}

function StudioSearchForm({ q, location, onSearch }: { q: string; location: string; onSearch(next: { q: string; location: string }): void }) {
  const [text, setText] = useState(q);
  const [place, setPlace] = useState(location);
  function submit(e: FormEvent) {
    e.preventDefault();
    onSearch({ q: text.trim(), location: place.trim() });
  }
  return (
    <form className="studio-find card" role="search" onSubmit={submit}>
      {/* Free text capped by maxLength: nothing typed can be wrong, so the fields never carry a problem. */}
      <TextField id="studio-find-q" label={SCREEN_MSG.studioSearchLabel} type="search" maxLength={STUDIO_LIMITS.searchTextMax} value={text} onChange={(e) => setText(e.target.value)} />
      <TextField id="studio-find-location" label={SCREEN_MSG.studioLocationLabel} type="search" maxLength={STUDIO_LIMITS.searchTextMax} value={place} onChange={(e) => setPlace(e.target.value)} />
      <div className="studio-find-actions">
        <button type="submit" className="btn">{SCREEN_MSG.studioSearchSubmit}</button>
        {(q || location) && (
          <button type="button" className="btn btn-ghost" onClick={() => onSearch({ q: '', location: '' })}>{SCREEN_MSG.studioSearchClear}</button>
        )}
      </div>
    </form>
  );
}

function Matches({ q, location, page, onPage }: { q: string; location: string; page: number; onPage(page: number): void }) {
  const found = useStudioFind({ q, location, page }, true);
  const data = found.data;
  if (!data) return <p className="studios-state" role="status">{found.isError ? (found.error as Error).message : MSG.loading}</p>;
  return (
    <>
      <p className="studios-count" role="status">{SCREEN_MSG.studioMatches(data.total)}</p>
      {data.studios.length === 0 ? (
        <p className="studios-state">{SCREEN_MSG.noMatches}</p>
      ) : (
        <ul className="studio-grid" aria-label="Studios">
          {data.studios.map((s, i) => <StudioCard key={s._id} studio={s} first={i === 0} />)}
        </ul>
      )}
      {data.pages > 1 && (
        <nav className="studios-pages" aria-label="Pages">
          <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>{SCREEN_MSG.previousPage}</button>
          <span>{SCREEN_MSG.pageOf(Math.min(page, data.pages), data.pages)}</span>
          <button type="button" className="btn btn-secondary" disabled={page >= data.pages} onClick={() => onPage(page + 1)}>{SCREEN_MSG.nextPage}</button>
        </nav>
      )}
    </>
  );
}

/** The spec's list, in its order, polled: no search asked. */
function AllStudios() {
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
    <>
      {studios === null ? (
        <p className="studios-state" role="status">{failed ? 'We could not reach the server. Trying again…' : MSG.loading}</p>
      ) : studios.length === 0 ? (
        <p className="studios-state" role="status">{MSG.noStudios}</p>
      ) : (
        <>
          <ul className="studio-grid" aria-label="Studios">
            {studios.map((s, i) => <StudioCard key={s._id} studio={s} first={i === 0} />)}
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
    </>
  );
}
