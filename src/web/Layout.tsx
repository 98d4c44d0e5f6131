import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from './components/NavBar';
import { MSG } from '../contract/messages';

export function Layout() {
  return (
    <>
      <NavBar />
      <Suspense fallback={<div className="page muted" role="status">{MSG.loading}</div>}>
        <Outlet />
      </Suspense>
    </>
  );
}
