/** Wraps the studio's own screens: a visitor goes to /login, a performer to the home page. */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { session } from '../lib/session';

export function RequireStudio({ children }: { children: ReactNode }) {
  if (!session.isLoggedIn()) return <Navigate to="/login" replace />;
  return session.isStudio() ? children : <Navigate to="/" replace />;
}
