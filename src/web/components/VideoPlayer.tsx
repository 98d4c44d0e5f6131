/**
 * One video or tape as every player shows it (docs/media.md, "Players"): the
 * converted MP4 with its poster once `ready`; "Processing…" over the poster (or an empty
 * frame) while it converts; the reason when it `failed`. An answer without a status (a
 * file from before conversions) plays its original.
 */
import type { ReactEventHandler } from 'react';
import { PLAYBACK_MSG, type PlayableVideo } from '../../contract/media-playback';
import './media-player.css';

interface Props {
  video: PlayableVideo;
  label: string;
  className?: string;
  onPlay?: ReactEventHandler<HTMLVideoElement>;
  preload?: 'none' | 'metadata';
}

export function VideoPlayer({ video, label, className, onPlay, preload = 'metadata' }: Props) {
  const frame = `video-player${className ? ` ${className}` : ''}`;
  if (video.status === 'processing' || video.status === 'failed') {
    const failed = video.status === 'failed';
    return (
      <div className={`${frame} video-player--waiting`} role="group" aria-label={label}>
        {video.posterUrl && <img className="video-player__poster" src={video.posterUrl} alt="" />}
        <p className={failed ? 'video-player__failed' : 'video-player__processing'} role="status">
          {failed ? (video.reason ? PLAYBACK_MSG.failed(video.reason) : PLAYBACK_MSG.failedNoReason) : PLAYBACK_MSG.processing}
        </p>
        {/* A black frame with one word read as broken on a board of tapes: the line says what happens next. */}
        {!failed && <p className="video-player__hint">{PLAYBACK_MSG.processingHint}</p>}
      </div>
    );
  }
  const src = video.status === 'ready' && video.playbackUrl ? video.playbackUrl : video.url;
  return <video className={frame} src={src} poster={video.posterUrl ?? undefined} controls preload={preload} playsInline aria-label={label} onPlay={onPlay} />;
}
