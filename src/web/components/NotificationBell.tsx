/**
 * The bell in the nav bar: the unread count, kept fresh by the live events stream and polled
 * only while it is down (docs/applications.md), and a panel with the latest notifications;
 * opening it marks them read. Loaded lazily by the nav bar, so the data layer stays out of
 * the first page load.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { APP_MSG } from '../../contract/applications-messages';
import { markNotificationsRead, useNotifications } from '../api/notifications';
import { formatTime } from '../lib/dates';
import { session } from '../api/session';
import './notification-bell.css';

export default function NotificationBell() {
  const notes = useNotifications(true);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const unread = notes.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="bell" ref={root}>
      <button
        type="button"
        className="icon-btn nav-icon bell-button"
        aria-label={`${APP_MSG.notifications}: ${APP_MSG.unread(unread)}`}
        title={APP_MSG.notifications}
        aria-expanded={open}
        aria-controls="bell-panel"
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10 21a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></svg>
        {unread > 0 && <span className="bell-count" data-testid="bell-count">{unread > 99 ? '99+' : unread}</span>}
      </button>
      {open && (
        <div id="bell-panel" className="bell-panel" role="region" aria-label={APP_MSG.notifications}>
          <div className="bell-panel-head">
            <strong>{APP_MSG.notifications}</strong>
            {unread > 0 && <button type="button" className="btn btn-ghost" onClick={() => void markNotificationsRead()}>{APP_MSG.markAllRead}</button>}
          </div>
          {!notes.data || notes.data.notifications.length === 0 ? (
            <p className="muted bell-empty">{session.isStudio() ? APP_MSG.noStudioNotifications : APP_MSG.noNotifications}</p>
          ) : (
            <ul>
              {notes.data.notifications.map((n) => (
                <li key={n._id} className={n.read ? 'bell-item' : 'bell-item bell-unread'}>
                  <Link to={n.link || '/'} onClick={() => { setOpen(false); if (!n.read) void markNotificationsRead([n._id]); }}>{n.text}</Link>
                  <time dateTime={n.createdAt} className="muted">{formatTime(n.createdAt)}</time>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
