/**
 * Names the browser tab after what a screen shows (a studio, a job). Every route already
 * has its own title (RouteFocus, from routes.tsx); leaving the screen restores it.
 */
import { useEffect } from 'react';
import { pageTitle } from '../components/RouteFocus';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
