/** GET /api/config: payments mode, PayPal client id and SDK address, store link, the undo window. Asked once per page load. */
import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '../../contract/config';
import { DECISION_LIMITS } from '../../contract/decisions-messages';
import { api } from './client';
import { queryClient } from './query-client';

export const getAppConfig = (signal?: AbortSignal) => api<AppConfig>('/api/config', { auth: false, signal });

export const useAppConfig = () =>
  useQuery({ queryKey: ['config'], queryFn: ({ signal }) => getAppConfig(signal), staleTime: Infinity, gcTime: Infinity }, queryClient);

/**
 * Seconds a booking or decline can be undone, as the server keeps it (docs/applications.md,
 * "Decisions"): the spec's 30 until /api/config has answered, then the server's own.
 */
export const useUndoSeconds = (): number => useAppConfig().data?.undoSeconds ?? DECISION_LIMITS.undoSeconds;
