/**
 * The logged-in user's profile, refreshed every 3 s while the tab is visible (spec §4
 * polling). Each poll sends the last ETag, so an unchanged profile costs a 304.
 * `refresh()` asks at once, e.g. right after a change the user made.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../contract/limits';
import type { UserProfile } from '../../contract/profile';
import { pollUserData } from '../api/profile';

export function useUserData() {
  const [user, setUser] = useState<UserProfile | null>(null);
  const [failed, setFailed] = useState(false);
  const etag = useRef<string | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);

  const refresh = useCallback((): Promise<void> => {
    // One request at a time; a refresh during a poll waits for it, then asks again.
    const run = async () => {
      try {
        const answer = await pollUserData(etag.current);
        if (answer) {
          etag.current = answer.etag;
          setUser(answer.data);
        }
        setFailed(false);
      } catch (err) {
        // Spec §8: data fetch errors are not surfaced; the screen keeps what it has.
        console.error('user data fetch failed', err);
        setFailed(true);
      }
    };
    const next = (inFlight.current ?? Promise.resolve()).then(run);
    inFlight.current = next.finally(() => {
      if (inFlight.current === next) inFlight.current = null;
    });
    return next;
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      if (!document.hidden) void refresh();
    }, LIMITS.pollMs);
    return () => clearInterval(timer);
  }, [refresh]);

  return { user, failed, refresh };
}
