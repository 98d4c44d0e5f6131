/**
 * /review/{token}: a review room for producers and clients without an account
 * (docs/self-tapes.md, "Review links"): the shared performers' name, picture, age, height,
 * role, their tape in a player that seeks, and the media they sent. Never indexed: the
 * server sends the page with a robots meta tag and X-Robots-Tag.
 */
import { useParams } from 'react-router';
import { MSG } from '../../../contract/messages';
import { personName } from '../../../contract/names';
import { TAPE_MSG } from '../../../contract/self-tapes-messages';
import type { ReviewAnswer } from '../../../contract/self-tapes';
import { ApiError } from '../../api/client';
import { useReviewRoom } from '../../api/review-room';
import { VideoPlayer } from '../../components/VideoPlayer';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import NotFoundPage from '../common/NotFoundPage';
import './review.css';

export default function ReviewRoomPage() {
  const { token = '' } = useParams();
  const room = useReviewRoom(token);
  useDocumentTitle(room.data && `${room.data.job.title} · ${room.data.studio.fname}`);
  if (room.error instanceof ApiError && room.error.status === 404) return <NotFoundPage />;
  const ended = room.error instanceof ApiError && room.error.status === 410;
  return (
    <main className="page review-room">
      {room.isPending && <p role="status">{MSG.loading}</p>}
      {ended && (
        <section>
          <h1 tabIndex={-1}>{TAPE_MSG.reviewLinkEnded}</h1>
        </section>
      )}
      {room.isError && !ended && <p role="alert">{room.error.message}</p>}
      {room.data && <Room room={room.data} />}
    </main>
  );
}

function Room({ room }: { room: ReviewAnswer }) {
  return (
    <>
      <h1>{room.job.title}</h1>
      <p className="review-room__studio">{room.studio.fname}</p>
      <ul className="review-room__list">
        {room.performers.map((person) => ({ ...person, name: personName(person.name) })).map((p, i) => (
          <li key={i} className="review-room__card">
            <header className="review-room__who">
              {p.profilePic && <img src={p.profilePic} alt="" width={64} height={64} />}
              <div>
                <h2>{p.name}</h2>
                <p>{[p.role, p.age && `${p.age}`, p.height].filter(Boolean).join(' · ')}</p>
              </div>
            </header>
            {p.tape ? (
              <VideoPlayer className="review-room__tape" video={p.tape} label={`Self-tape: ${p.name}`} />
            ) : (
              <p>{TAPE_MSG.noTapeYet}</p>
            )}
            {p.media.length > 0 && (
              <ul className="review-room__media">
                {p.media.map((m) => (
                  <li key={m.url}>
                    {m.type === 'photos' ? (
                      <img src={m.url} alt={`${p.name}`} loading="lazy" />
                    ) : m.type === 'videos' ? (
                      <video src={m.url} controls preload="none" aria-label={`Video: ${p.name}`} />
                    ) : (
                      <audio src={m.url} controls preload="none" aria-label={`Audio: ${p.name}`} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
