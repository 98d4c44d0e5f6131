import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from './components/NavBar';

export function Layout() {
  return (
    <>
      <NavBar />
      <Suspense fallback={<div className="page muted" role="status">Loading…</div>}>
        <Outlet />
      </Suspense>
    </>
  );
}
