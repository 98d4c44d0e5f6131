/** Wraps screens of both kinds of account (messages, settings): a logged-out visit goes to /login. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../lib/next-path';
import { session } from '../api/session';

export function RequireLogin({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  // Login brings the visitor back here, as RequireAuth does (docs/security.md "Deep links through login").
  return session.isLoggedIn() ? children : <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
}
