/**
 * Whether the live events stream (live-events.ts) is open right now. Reads that the stream
 * keeps fresh (the bell) poll only while it is not (docs/applications.md). Its own module, so
 * those reads need not import the stream, which imports them.
 */
let open = false;

export const liveStreamOpen = (): boolean => open;

export function setLiveStreamOpen(now: boolean): void {
  open = now;
}
