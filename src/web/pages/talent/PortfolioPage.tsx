/**
 * /talent/{id}: a performer's portfolio (docs/talent.md) — profile, appearance, photos in a
 * viewer, videos and audio that play and seek — for anyone. A studio also shortlists,
 * rates and messages from here.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { MSG } from '../../../contract/messages';
import type { Portfolio } from '../../../contract/talent';
import { TALENT_MSG } from '../../../contract/talent-messages';
import { ApiError } from '../../api/client';
import { usePortfolio } from '../../api/portfolio';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { session } from '../../api/session';
import NotFoundPage from '../common/NotFoundPage';
import { PhotoViewer } from '../media/PhotoViewer';
import { VideoPlayer } from '../../components/VideoPlayer';
import '../media/media.css';
import { AddToShortlist } from './AddToShortlist';
import { ReviewForm } from './ReviewForm';
import './talent.css';
import { MessageButton } from '../../components/MessageButton';
import { personName, initialOf } from '../../../contract/names';
import { RESUME_MSG } from '../../../contract/resume-options';
import { ResumeView } from '../../components/ResumeView';
import { photoSources } from '../../lib/photo-sources';
import { heightShown, weightShown } from '../../../contract/units';

export default function PortfolioPage() {
  const { id = '' } = useParams();
  const portfolio = usePortfolio(id);
  useDocumentTitle(portfolio.data && TALENT_MSG.portfolioTitle(personName(portfolio.data.fname)));
  if (portfolio.error instanceof ApiError && portfolio.error.status === 404) return <NotFoundPage />;
  return (
    <main className="page portfolio">
      {portfolio.isPending && <p role="status">{MSG.loading}</p>}
      {portfolio.isError && <p role="alert">{portfolio.error.message}</p>}
      {portfolio.data && <PortfolioView p={portfolio.data} />}
    </main>
  );
}

function PortfolioView({ p }: { p: Portfolio }) {
  const [shown, setShown] = useState<number | null>(null);
  const appearance = (
    [
      ['Gender', p.gender],
      ['Age', p.age],
      ['Height', heightShown(p.height)],
      ['Weight', weightShown(p.weight)],
      ['Body type', p.bodyType],
      ['Hair color', p.hairColor],
      ['Eye color', p.eyeColor],
    ] as const
  ).filter(([, v]) => v);
  const studio = session.isStudio();
  return (
    <>
      <header className="portfolio-head card">
        {p.profilePic ? <img className="portfolio-pic" src={p.profilePic} alt="" /> : <span className="portfolio-pic" aria-hidden="true">{initialOf(p.fname)}</span>}
        <div className="portfolio-name">
          <h1>{personName(p.fname)}</h1>
          <p className="muted">{[p.category, p.location].filter(Boolean).join(' · ')}</p>
          {p.profileUrl && /^https?:\/\//i.test(p.profileUrl) && (
            <p><a href={p.profileUrl} rel="noopener noreferrer nofollow" target="_blank">{p.profileUrl}</a></p>
          )}
        </div>
      </header>
      <div className="portfolio-body">
        <div className="portfolio-main">
          <section className="card portfolio-section" aria-labelledby="appearance-h">
            <h2 id="appearance-h">{TALENT_MSG.appearance}</h2>
            {appearance.length ? (
              <dl className="portfolio-facts">
                {appearance.map(([k, v]) => (
                  <div key={k}><dt>{k}</dt><dd>{v}</dd></div>
                ))}
              </dl>
            ) : <p className="muted">{TALENT_MSG.noMedia}</p>}
          </section>
          <section className="card portfolio-section" aria-labelledby="resume-h">
            <h2 id="resume-h">{RESUME_MSG.resumeTitle}</h2>
            <ResumeView resume={p.resume} level={3} idPrefix="resume" />
          </section>
          <section className="card portfolio-section" aria-labelledby="photos-h">
            <h2 id="photos-h">{TALENT_MSG.photos}</h2>
            {p.photos.length ? (
              <ul className="portfolio-photos">
                {p.photos.map((url, i) => (
                  <li key={url}>
                    <button type="button" className="portfolio-photo" onClick={() => setShown(i)} aria-label={TALENT_MSG.photoOf(i + 1, p.photos.length)}>
                      {/* The first photo is the page's largest paint on a phone: loaded at once (docs/screens.md, "Public pages in Lighthouse"). */}
                      <img {...photoSources(url, '(max-width: 600px) 50vw, 240px')} alt="" width={360} height={480} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : <p className="muted">{TALENT_MSG.noMedia}</p>}
            <PhotoViewer items={p.photos} index={shown} onIndex={setShown} />
          </section>
          <PlayerSection id="videos" title={TALENT_MSG.videos} kind="Video" urls={p.videos} played={p.videoPlayback} />
          <PlayerSection id="audios" title={TALENT_MSG.audios} kind="Audio" urls={p.audios} />
        </div>
        {studio && (
          <aside className="card portfolio-side" aria-label="Casting">
            <AddToShortlist performerId={p._id} name={personName(p.fname)} />
            <MessageButton with={p._id} className="btn btn-ghost" />
            <ReviewForm performerId={p._id} review={p.review} />
          </aside>
        )}
      </div>
    </>
  );
}

/** Videos or audio that play and seek (the stored files answer range requests). */
function PlayerSection({ id, title, kind, urls, played = [] }: { id: string; title: string; kind: 'Video' | 'Audio'; urls: string[]; played?: Portfolio['videoPlayback'] }) {
  const Player = kind === 'Video' ? 'video' : 'audio';
  return (
    <section className="card portfolio-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {urls.length ? (
        <ul className={`portfolio-${id}`}>
          {urls.map((url, i) => (
            <li key={url}>
              {kind === 'Video' ? (
                <VideoPlayer video={played.find((v) => v.url === url) ?? { url }} label={`${kind} ${i + 1} of ${urls.length}`} />
              ) : (
                <Player controls preload="metadata" src={url} aria-label={`${kind} ${i + 1} of ${urls.length}`} />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{TALENT_MSG.noMedia}</p>
      )}
    </section>
  );
}
