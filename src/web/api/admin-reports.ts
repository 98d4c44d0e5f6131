/** GET /api/admin/reports: reported jobs with their reasons, hidden ones first (docs/marketplace.md). */
import { useQuery } from '@tanstack/react-query';
import type { AdminReportsAnswer } from '../../contract/admin';
import { api } from './client';
import { queryClient } from './query-client';

export const adminReportsKey = ['admin', 'reports'] as const;

export const getAdminReports = (signal?: AbortSignal) => api<AdminReportsAnswer>('/api/admin/reports', { signal });

export const useAdminReports = () => useQuery({ queryKey: adminReportsKey, queryFn: ({ signal }) => getAdminReports(signal), select: (a) => a.reports }, queryClient);
