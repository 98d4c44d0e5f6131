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
      <Suspense fallback={<div className="page muted" role="status">{MSG.loading}</div>}>
        <Outlet />
      </Suspense>
      <SiteFooter />
    </>
  );
}
