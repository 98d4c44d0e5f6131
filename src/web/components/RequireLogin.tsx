/** Wraps screens of both kinds of account (messages): a logged-out visit goes to /login. */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { session } from '../lib/session';

export function RequireLogin({ children }: { children: ReactNode }) {
  return session.isLoggedIn() ? children : <Navigate to="/login" replace />;
}
