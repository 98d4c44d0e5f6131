import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from './components/NavBar';
import { SiteFooter } from './components/SiteFooter';
import { RouteFocus, SkipLink } from './components/RouteFocus';
import { MSG } from '../contract/messages';

export function Layout() {
  return (
    <>
      <SkipLink />
      <RouteFocus />
      <NavBar />
      {/* The skip link's target (docs/screens.md, "Where am I"): every page's content is inside. */}
      <div id="main">
        <Suspense fallback={<div className="page muted" role="status">{MSG.loading}</div>}>
          <Outlet />
        </Suspense>
      </div>
      <SiteFooter />
    </>
  );
}
