/** Wraps the performer's own screens: a logged-out visit goes to /login; a studio is told the page is a performer's (docs/screens.md, "Wrong place, said"). */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../lib/next-path';
import { session } from '../api/session';
import { WrongPlace } from './WrongPlace';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  // Login brings the visitor back here (docs/security.md "Deep links through login").
  if (!session.isLoggedIn()) return <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
  // The performer's screens are not a studio's: the server would refuse their calls.
  return session.isStudio() ? <WrongPlace reason="studioOnPerformerPage" /> : children;
}
