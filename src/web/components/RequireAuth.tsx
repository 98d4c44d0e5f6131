/** Wraps the performer's own screens: a logged-out visit goes to /login. */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { session } from '../lib/session';

export function RequireAuth({ children }: { children: ReactNode }) {
  return session.isLoggedIn() ? children : <Navigate to="/login" replace />;
}
