/** Wraps the performer's own screens: a logged-out visit goes to /login, a studio to its dashboard. */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { session } from '../lib/session';

export function RequireAuth({ children }: { children: ReactNode }) {
  if (!session.isLoggedIn()) return <Navigate to="/login" replace />;
  // The performer's screens are not a studio's: the server would refuse their calls.
  return session.isStudio() ? <Navigate to="/dashboard" replace /> : children;
}
