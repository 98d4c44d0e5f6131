/**
 * Limits and texts of conversations and messages (docs/messages.md), free of zod so the
 * web bundle can import them.
 */
export const CONVERSATION_LIMITS = {
  textMax: 4000,
  page: 50,
  /** Messages one account may send per minute, and conversations it may start per hour. */
  sendPerMinute: 30,
  startPerHour: 30,
  /** Read marks one account may set per minute (docs/security.md, "Event streams, conversations and contact messages"). */
  readPerMinute: 120,
  /** An unread message is e-mailed after this long, at most once an hour per conversation and recipient. */
  mailAfterMs: 10 * 60_000,
  mailEveryMs: 60 * 60_000,
  /** An events ticket is good once, within this many seconds. */
  ticketSeconds: 60,
  /** Heartbeat comment lines keep proxies from closing an idle stream. */
  heartbeatMs: 20_000,
  /**
   * Open events streams: an account keeps its newest 5 (opening a 6th closes its oldest,
   * on whichever instance holds it), and one client address at most 40 on one instance
   * (docs/security.md, "Event streams, conversations and contact messages").
   */
  streamsPerAccount: 5,
  streamsPerAddress: 40,
} as const;

/**
 * The last event of a stream closed because the account opened newer ones: the client
 * stops reconnecting (it would close another of the account's streams in turn).
 */
export const STREAM_REPLACED_EVENT = 'replaced';

export const EVENT_KINDS = ['message', 'read', 'application', 'notification'] as const;

export const CONVERSATION_MSG = {
  // Calls.
  notFound: 'This conversation was not found.',
  needPlan: 'Starting a conversation needs a current plan. Choose a plan to message studios; you can always reply.',
  withNotFound: 'This account was not found.',
  notStudio: 'Performers can start conversations with studios only.',
  notPerformer: 'Studios can start conversations with performers only.',
  jobNotTheirs: 'This job is not one of that studio’s jobs.',
  blocked: 'This conversation is blocked. No new messages can be sent.',
  otherDeleted: 'This account was deleted. No new messages can be sent.',
  textRequired: 'Please write a message.',
  textTooLong: (max: number) => `A message can be at most ${max.toLocaleString('en-US')} characters.`,
  invalidBefore: 'This page link is not valid. Please reload the conversation.',
  ticketInvalid: 'This events ticket is not valid or was already used. Please ask for a new one.',
  /** A used ticket sent again with Last-Event-ID: a browser EventSource reconnecting (docs/messages.md). */
  ticketReconnect:
    'This events ticket was already used: a ticket opens one stream, so an EventSource cannot reconnect with it. Ask for a new ticket, or read the stream with fetch and the token header, which reconnects with Last-Event-ID.',
  blockDone: 'Conversation blocked.',
  readDone: 'Marked as read.',
  // Screens.
  title: 'Messages',
  listLabel: 'Conversations',
  empty: 'No conversations yet.',
  emptyPerformer: 'Find a job or a studio you like and press “Message” to start a conversation.',
  emptyStudio: 'Open a performer who applied to one of your jobs, or a public profile, and press “Message”.',
  pick: 'Choose a conversation to read it.',
  toJobs: 'Browse jobs',
  toDashboard: 'Go to your dashboard',
  deletedAccount: 'Deleted account',
  noMessagesYet: 'No messages yet. Say hello!',
  you: 'You',
  unread: (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`),
  composerLabel: 'Message',
  send: 'Send',
  sending: 'Sending…',
  failed: 'Not sent.',
  retry: 'Retry',
  seen: 'Seen',
  olderLoading: 'Loading older messages…',
  loadOlder: 'Load older messages',
  block: 'Block',
  confirmBlock: 'Block this conversation? Neither of you will be able to send messages in it.',
  blockedNote: 'This conversation is blocked.',
  back: 'All conversations',
  message: 'Message',
  navUnread: (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`),
  aboutJob: (title: string) => `About: ${title}`,
  // E-mail.
  mailSubject: (from: string) => `New message from ${from} on Audition`,
  mailBody: (name: string, from: string, text: string, link: string) =>
    `Hello ${name},\n\n${from} wrote to you on Audition:\n\n${text}\n\nRead and reply: ${link}\n\nYou can turn these e-mails off at /settings.\n`,
} as const;
