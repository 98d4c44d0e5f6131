/**
 * The messages area's public face: its routes, the account section (export), the
 * unread-mail sweep (tests run it with their own clock), and the "Message" rules' texts
 * live in src/contract/conversations.ts. docs/messages.md.
 */
export { messagesRoutes } from './messages.routes.js';
export { messagesSection } from './messages.section.js';
export { runUnreadMail, unreadMailJob } from './unread-mail.js';
/** Whether a conversation's page exists (plugins/web-routes.ts). */
export { conversationPageExists } from './conversation-page.js';
