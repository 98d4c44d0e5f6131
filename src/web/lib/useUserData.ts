/**
 * The logged-in user's profile, refreshed every 3 s while the tab is visible (docs/product.md §4
 * polling). Each poll sends the last ETag, so an unchanged profile costs a 304.
 * `refresh()` asks at once, e.g. right after a change the user made. A token the
 * server no longer accepts logs the user out to /login instead of polling forever.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../contract/limits';
import type { UserProfile } from '../../contract/profile';
import { ApiError } from '../api/client';
import { pollUserData } from '../api/profile';
import { session } from './session';

export function useUserData() {
  const [user, setUser] = useState<UserProfile | null>(null);
  const navigate = useNavigate();
  const etag = useRef<string | null>(null);
  /** Aborted when the screen goes away, so no read outlives it. */
  const lifetime = useRef<AbortController | null>(null);
  /** The read in flight; a refresh asked during it runs after it, so it sees the user's own change. */
  const inFlight = useRef<Promise<void> | null>(null);

  const read = useCallback(async () => {
    try {
      const answer = await pollUserData(etag.current, lifetime.current?.signal);
      if (answer) {
        etag.current = answer.etag;
        setUser(answer.data);
      }
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      if (err instanceof ApiError && err.status === 401) {
        session.logout();
        navigate('/login', { replace: true });
        return;
      }
      // docs/product.md §8: data fetch errors are not surfaced; the screen keeps what it has.
      console.error('user data fetch failed', err);
    }
  }, [navigate]);

  const refresh = useCallback((): Promise<void> => {
    const next = (inFlight.current ?? Promise.resolve()).then(read);
    inFlight.current = next;
    void next.then(() => {
      if (inFlight.current === next) inFlight.current = null;
    });
    return next;
  }, [read]);

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    void refresh();
    // A tick while a read is still running is skipped, not queued.
    const timer = setInterval(() => {
      if (!document.hidden && !inFlight.current) void refresh();
    }, LIMITS.pollMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [refresh]);

  return { user, refresh };
}
