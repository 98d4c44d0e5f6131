/** The admin console's calls (docs/account.md). */
import type { AdminContactAnswer, AdminJobHiddenAnswer, AdminPaymentsAnswer, AdminStatsAnswer } from '../../contract/admin';
import { api } from './client';

export const adminStats = () => api<AdminStatsAnswer>('/api/admin/stats');
export const adminPayments = () => api<AdminPaymentsAnswer>('/api/admin/payments');
export const adminContact = () => api<AdminContactAnswer>('/api/admin/contact');
export const markContactHandled = (id: string) => api<{ msg: string }>(`/api/admin/contact/${encodeURIComponent(id)}/handled`, { method: 'POST' });

/** The console's changes to the marketplace: a studio's badge, a job's place on the board. */
export const setStudioVerified = ({ id, verified }: { id: string; verified: boolean }) =>
  api<{ _id: string; verified: boolean }>(`/api/admin/studios/${encodeURIComponent(id)}/${verified ? 'verify' : 'unverify'}`, { method: 'POST' });
export const setJobHidden = ({ id, hidden }: { id: string; hidden: boolean }) =>
  api<AdminJobHiddenAnswer>(`/api/admin/jobs/${encodeURIComponent(id)}/${hidden ? 'hide' : 'restore'}`, { method: 'POST' });
