/** The conversation writes: start (or reopen), send, mark read, block (docs/messages.md). */
import type { ConversationView, MessageView } from '../../contract/conversations';
import { api } from './client';

export const startConversation = (body: { with: string; jobId?: string }) => api<ConversationView>('/api/conversations', { json: body });

export const sendMessage = (id: string, text: string) =>
  api<MessageView>(`/api/conversations/${encodeURIComponent(id)}/messages`, { json: { text } });

export const markRead = (id: string) => api<{ msg: string; upTo: number }>(`/api/conversations/${encodeURIComponent(id)}/read`, { method: 'POST' });

export const blockConversation = (id: string) => api<{ msg: string }>(`/api/conversations/${encodeURIComponent(id)}/block`, { method: 'POST' });
