/** The admin page's reads: figures, payments and contact messages (docs/security.md names who may call them). */
import { useQuery } from '@tanstack/react-query';
import { adminContact, adminPayments, adminStats } from './admin';
import { queryClient } from './query-client';

/** Every admin read, for invalidation after an admin change. */
export const adminKey = ['admin'] as const;
export const adminStatsKey = ['admin', 'stats'] as const;
export const adminPaymentsKey = ['admin', 'payments'] as const;
export const adminContactKey = ['admin', 'contact'] as const;

export const useAdminStats = () => useQuery({ queryKey: adminStatsKey, queryFn: adminStats }, queryClient);
export const useAdminPayments = () => useQuery({ queryKey: adminPaymentsKey, queryFn: adminPayments }, queryClient);
export const useAdminContact = () => useQuery({ queryKey: adminContactKey, queryFn: adminContact }, queryClient);

/** Every read of jobs and of studios: an admin's change shows on the public pages too. */
export const allJobsKey = ['jobs'] as const;
export const allStudiosKey = ['studios'] as const;
