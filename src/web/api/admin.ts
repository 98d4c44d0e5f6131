/** The admin console's calls (docs/account.md). */
import type { AdminContactAnswer, AdminPaymentsAnswer, AdminStatsAnswer } from '../../contract/admin';
import { api } from './client';

export const adminStats = () => api<AdminStatsAnswer>('/api/admin/stats');
export const adminPayments = () => api<AdminPaymentsAnswer>('/api/admin/payments');
export const adminContact = () => api<AdminContactAnswer>('/api/admin/contact');
export const markContactHandled = (id: string) => api<{ msg: string }>(`/api/admin/contact/${encodeURIComponent(id)}/handled`, { method: 'POST' });
