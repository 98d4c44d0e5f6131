/**
 * Where am I (docs/screens.md): every route names itself in the tab's title from its
 * `handle: { title }` in routes.tsx (or a screen after its record, useDocumentTitle), and after a navigation the keyboard's focus moves to
 * the new page's main heading, as a screen reader user would expect.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigationType } from 'react-router';
import { APP_NAME, APP_TITLE, SCREEN_MSG } from '../../contract/screen-messages';
import { takeFocusAfterLoad } from '../lib/focus-after-load';
import { useRecordTitle } from '../lib/useDocumentTitle';

/** What a route in routes.tsx may say about itself. */
export interface RouteHandle {
  /** The tab's title, before " · Audition". */
  title?: string;
}

export const pageTitle = (title: string) => `${title} · ${APP_NAME}`;

/** The deepest matched route's title. */
function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]!.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/** What the user does that says where they are: after any of these, focus is theirs. */
const USER_ACTS = ['focusin', 'pointerdown', 'keydown'] as const;

/** An open dialog holds the focus (a modal one makes the page behind it inert). */
function dialogOpen(active: Element | null): boolean {
  return document.querySelector('dialog:modal') !== null || active?.closest('dialog[open], [role="dialog"], [role="alertdialog"]') != null;
}

/**
 * Focuses the page's main heading once it is on screen (a page may still be loading),
 * unless the user is already in the page, a dialog is open, or the user acts (focuses,
 * clicks, types) before the heading appears: a focus moved then would be taken from them
 * (docs/screens.md). Returns a cancel.
 */
export function focusMainHeading(options: { force?: boolean } = {}): () => void {
  // Set while the heading takes focus, so its own focusin is not taken for the user's.
  let moving = false;
  const tryFocus = () => {
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    const active = document.activeElement;
    if (dialogOpen(active)) return true;
    const inPage = active && active !== document.body && active.closest('main');
    if (!options.force && inPage) return true;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    moving = true;
    try {
      heading.focus({ preventScroll: true });
    } finally {
      moving = false;
    }
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const onUserAct = (e: Event) => {
    if (e.type !== 'focusin' || !moving) stop();
  };
  const timer = window.setTimeout(() => stop(), 5000);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const kind of USER_ACTS) document.removeEventListener(kind, onUserAct, true);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  for (const kind of USER_ACTS) document.addEventListener(kind, onUserAct, true);
  return stop;
}

/** Rendered once by the layout: the title of every route, and focus on navigation. */
export function RouteFocus() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const routeTitle = useRouteTitle();
  // A screen about one record names the tab after it (useDocumentTitle); otherwise, and as
  // soon as it goes, the route's own title stands.
  const title = useRecordTitle() ?? routeTitle;
  useLayoutEffect(() => {
    document.title = title ? pageTitle(title) : APP_TITLE;
  }, [title]);

  const firstLoad = useRef(true);
  useEffect(() => {
    if (firstLoad.current) {
      // On the first load the browser's own start (and any autofocus) stands, unless the page
      // before ended its action with this load (login, a save that reloads): then its result,
      // the heading, takes the focus.
      firstLoad.current = false;
      return takeFocusAfterLoad() ? focusMainHeading() : undefined;
    }
    // A new page opens at its top (after deleting the account, home is read from its start);
    // Back and Forward keep the browser's own restored position (docs/screens.md, "Where am I").
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    return focusMainHeading();
    // Only a new path moves the page; the kind of navigation is read with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}

/** "Skip to content": the first stop of the Tab key on every page. */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        focusMainHeading({ force: true });
      }}
    >
      {SCREEN_MSG.skipToContent}
    </a>
  );
}
