/**
 * The account's live events (GET /api/events, docs/messages.md), read with fetch so the
 * token goes in its header and a reconnect sends Last-Event-ID. Events update the cache:
 * a new message joins its thread (once, by id) and the conversation list is refetched, a
 * notification refetches the bell and the applications; on
 * every (re)connect the conversation reads and the bell are refetched too, so nothing missed
 * stays missing. While the stream is down the bell polls instead (live-stream-state.ts).
 * A stream the server closed because the account opened newer ones (more than five tabs)
 * is not opened again: that would close another tab's in turn; this tab's bell polls.
 */
import type { MessageView } from '../../contract/conversations';
import { STREAM_REPLACED_EVENT } from '../../contract/conversations-texts';
import { session, STORAGE_KEYS } from './session';
import { conversationsKey } from './conversations';
import { threadKey, type ThreadData } from './conversation-messages';
import { myApplicationsKey } from './my-applications';
import { setLiveStreamOpen } from './live-stream-state';
import { notificationsKey } from './notifications';
import { queryClient } from './query-client';
import { jobSlotsKey } from './job-slots';
import { jobApplicantsKey } from './applicant-keys';

type MessageEvent = { conversationId: string; message: Omit<MessageView, 'mine'> };
type ReadEvent = { conversationId: string; readerId: string; upTo: number };

let users = 0;
let stop: (() => void) | null = null;

/** Keeps the stream open while at least one screen uses it; answers the function that releases it. */
export function holdLiveEvents(): () => void {
  users += 1;
  if (!stop) stop = connect();
  return () => {
    users -= 1;
    if (users === 0 && stop) {
      stop();
      stop = null;
    }
  };
}

session.onLogout(() => {
  stop?.();
  stop = null;
  setLiveStreamOpen(false);
});

/**
 * The stream opened or dropped: the bell reads again, which also starts or stops its
 * fallback poll (notifications.ts reads the state after each fetch). On an open, whatever
 * happened while no stream was open is read again.
 */
function streamChanged(open: boolean): void {
  setLiveStreamOpen(open);
  if (open) void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  void queryClient.invalidateQueries({ queryKey: notificationsKey });
}

/** Adds a message to its thread's newest page unless it is there already. */
export function addToThread(message: MessageView): void {
  queryClient.setQueryData<ThreadData>(threadKey(message.conversationId), (data) => {
    if (!data || data.pages.some((p) => p.messages.some((m) => m._id === message._id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, message].sort((a, b) => a._id - b._id) }, ...older] };
  });
}

function apply(kind: string, data: unknown): void {
  if (kind === 'message') {
    const { message } = data as MessageEvent;
    const me = localStorage.getItem(STORAGE_KEYS.id);
    addToThread({ ...message, mine: message.senderId !== null && message.senderId === me });
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
  } else if (kind === 'notification') {
    // An application changed: the bell and the performer's applications read again now.
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
    void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
    // A callback invitation (docs/slots.md, "Rounds and callbacks"): the pickers read again.
    void queryClient.invalidateQueries({ queryKey: ['slots', 'application'] });
  } else if (kind === 'schedule') {
    // A check-in, a performer running late (docs/slots.md, "The day") or a booking a decision ended: the job's schedule reads again.
    const { jobId } = data as { jobId: string };
    void queryClient.invalidateQueries({ queryKey: jobSlotsKey(jobId) });
    // A decline that came to stand or a close freed a time: who may be called back changed too.
    void queryClient.invalidateQueries({ queryKey: jobApplicantsKey(jobId) });
  } else if (kind === 'read') {
    const { conversationId } = data as ReadEvent;
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
    void queryClient.invalidateQueries({ queryKey: threadKey(conversationId), refetchType: 'none' });
    queryClient.setQueryData<ThreadData>(threadKey(conversationId), (t) => t && readMarked(t, data as ReadEvent));
  }
}

/** The thread's conversation with the other side's read mark moved (my own reads change only my unread count). */
function readMarked(thread: ThreadData, read: ReadEvent): ThreadData {
  if (read.readerId === localStorage.getItem(STORAGE_KEYS.id)) return thread;
  return { ...thread, pages: thread.pages.map((p) => ({ ...p, conversation: { ...p.conversation, otherReadUpTo: Math.max(p.conversation.otherReadUpTo, read.upTo) } })) };
}

function connect(): () => void {
  let closed = false;
  let controller: AbortController | null = null;
  let lastId = '';
  let wait = 1000;
  let replaced = false;
  const loop = async () => {
    while (!closed) {
      const token = session.token();
      if (!token) return;
      controller = new AbortController();
      try {
        const res = await fetch('/api/events', { headers: { 'x-auth-token': token, ...(lastId ? { 'last-event-id': lastId } : {}) }, signal: controller.signal, cache: 'no-store' });
        if (res.status === 401) return;
        if (res.ok && res.body) {
          wait = 1000;
          streamChanged(true);
          try {
            await read(res.body, (id, kind, data) => {
              if (id) lastId = id;
              if (kind === STREAM_REPLACED_EVENT) replaced = true;
              else apply(kind, data);
            });
          } finally {
            // Stopped on purpose (no one holds it, or a logout): nothing to fall back for.
            if (closed) setLiveStreamOpen(false);
            else streamChanged(false);
          }
        }
      } catch {
        // The network dropped or the stream was stopped: try again below.
      }
      if (closed || replaced) return;
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(wait * 2, 15_000);
    }
  };
  void loop();
  return () => {
    closed = true;
    controller?.abort();
  };
}

/** Parses the text/event-stream format: blocks split by a blank line, `id:`, `event:`, `data:` fields, `:` comments. */
async function read(body: ReadableStream<Uint8Array>, onEvent: (id: string, kind: string, data: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let id = '';
      let kind = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) id = line.slice(3).trim();
        else if (line.startsWith('event:')) kind = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trim();
      }
      if (data) {
        try {
          onEvent(id, kind, JSON.parse(data));
        } catch {
          // A malformed event is skipped; the next refetch brings the truth.
        }
      }
    }
  }
}
