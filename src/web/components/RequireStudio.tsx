/** Wraps the studio's own screens: a visitor goes to /login; a performer is told the page is a studio's (docs/screens.md, "Wrong place, said"). */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../lib/next-path';
import { session } from '../api/session';
import { WrongPlace } from './WrongPlace';

export function RequireStudio({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  // Login brings the visitor back here (docs/security.md "Deep links through login").
  if (!session.isLoggedIn()) return <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
  return session.isStudio() ? children : <WrongPlace reason="performerOnStudioPage" />;
}
