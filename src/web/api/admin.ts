/** The admin console's reads (docs/account.md); each change has its own file. */
import type { AdminContactAnswer, AdminPaymentsAnswer, AdminStatsAnswer } from '../../contract/admin';
import { api } from './client';

export const adminStats = () => api<AdminStatsAnswer>('/api/admin/stats');
export const adminPayments = () => api<AdminPaymentsAnswer>('/api/admin/payments');
export const adminContact = () => api<AdminContactAnswer>('/api/admin/contact');
