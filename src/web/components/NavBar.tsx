/** The top navigation bar in its two states (docs/product.md §2): logged in or not. */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { APP_MSG } from '../../contract/applications-messages';
import { MARKET_MSG } from '../../contract/marketplace-messages';
import { SCREEN_MSG } from '../../contract/screen-messages';
import { endSession } from '../api/account';
import { session } from '../api/session';
import './nav-bar.css';

// With the data layer and the live events: loaded only once someone is logged in.
const NavMessages = lazy(() => import('./NavMessages'));
// Loaded only for a logged-in account, with the data layer it polls through.
const NotificationBell = lazy(() => import('./NotificationBell'));
// Who acts for the studio, and which studio (docs/team.md): a studio login only.
const NavWho = lazy(() => import('./NavWho'));

export function NavBar() {
  const navigate = useNavigate();
  // Subscribing to the location re-renders the bar on every navigation, so it reads the
  // stored token again (after logout, and after a 401 sends the user to /login).
  const location = useLocation();
  // At 390 px the links sit behind a menu button, so the sticky bar is one row (docs/screens.md,
  // "A one-row bar on a phone"); every navigation closes the menu.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const loggedIn = session.isLoggedIn();
  const studio = session.isStudio();

  function handleLogout() {
    // The server ends this token too; fire and forget, so the spec's clearing and redirect never wait or fail.
    const token = session.token();
    if (token) endSession(token).catch(() => {});
    session.logout();
    navigate('/login');
  }

  return (
    <header className="nav">
      <nav
        className="nav-inner"
        aria-label="Main"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && menuOpen) {
            setMenuOpen(false);
            menuButton.current?.focus();
          }
        }}
      >
        <Link to="/" className="nav-brand">
          <span className="nav-logo" aria-hidden="true">A</span>
          <span className="nav-brand-name">Audition</span>
        </Link>
        <button
          type="button"
          ref={menuButton}
          className="icon-btn nav-menu-button"
          aria-expanded={menuOpen}
          aria-controls="nav-links"
          aria-label={SCREEN_MSG.menu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d={menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
        <ul
          id="nav-links"
          className={`nav-links${menuOpen ? ' nav-links-open' : ''}`}
        >
          <li><NavLink to="/" end>Home</NavLink></li>
          <li><NavLink to="/studio">Studio</NavLink></li>
          <li><NavLink to="/jobs">{MARKET_MSG.jobsTitle}</NavLink></li>
          {loggedIn && !studio && <li><NavLink to="/applications">{APP_MSG.applicationsTitle}</NavLink></li>}
          <li><NavLink to="/contact">Contact us</NavLink></li>
          {studio && <li className="nav-who-item"><Suspense fallback={null}><NavWho /></Suspense></li>}
        </ul>
        <div className="nav-actions">
          {loggedIn ? (
            <>
              {studio ? (
                <>
                  <Link to="/dashboard" className="btn btn-secondary nav-dashboard">{MARKET_MSG.dashboard}</Link>
                  {/* On a phone an icon stands in for the word so the bar keeps to one row (docs/screens.md). */}
                  <Link to="/dashboard" className="icon-btn nav-icon nav-dashboard-phone" aria-label={MARKET_MSG.dashboard} title={MARKET_MSG.dashboard}>
                    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" /></svg>
                  </Link>
                </>
              ) : (
              <Link to="/profile" className="icon-btn nav-icon" aria-label="My profile" title="My profile">
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
              </Link>
              )}
              <Suspense fallback={null}>
                <NavMessages />
              </Suspense>
              <Suspense fallback={null}><NotificationBell /></Suspense>
              <Link to="/settings" className="icon-btn nav-icon" aria-label="Settings" title="Settings">
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
              </Link>
              <button type="button" className="icon-btn nav-icon" aria-label="Log out" title="Log out" onClick={handleLogout}>
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></svg>
              </button>
            </>
          ) : (
            <Link to="/login" className="btn nav-login">SignUp / LogIn</Link>
          )}
        </div>
      </nav>
    </header>
  );
}
