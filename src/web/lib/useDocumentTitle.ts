/** Sets the browser tab's title for a screen. */
import { useEffect } from 'react';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Audition`;
  }, [title]);
}
