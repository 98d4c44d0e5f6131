/**
 * Wraps the studio's own screens: a visitor goes to /login, a performer to the home page,
 * or, with `explain`, stays and is told the page is for studios (a link a studio shared).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { BOARD_MSG } from '../../contract/board-messages';
import { loginPathFor } from '../lib/next-path';
import { session } from '../lib/session';

export function RequireStudio({ children, explain = false }: { children: ReactNode; explain?: boolean }) {
  const { pathname, search, hash } = useLocation();
  // Login brings the visitor back here (docs/security.md "Deep links through login").
  if (!session.isLoggedIn()) return <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
  if (session.isStudio()) return children;
  if (!explain) return <Navigate to="/" replace />;
  return (
    <main className="page">
      <h1>{BOARD_MSG.studiosOnlyTitle}</h1>
      <p role="alert">{BOARD_MSG.studiosOnly}</p>
    </main>
  );
}
