/** GET /api/config: payments mode, PayPal client id and SDK address, store link. Asked once per page load. */
import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '../../contract/config';
import { api } from './client';
import { queryClient } from './query-client';

export const getAppConfig = (signal?: AbortSignal) => api<AppConfig>('/api/config', { auth: false, signal });

export const useAppConfig = () =>
  useQuery({ queryKey: ['config'], queryFn: ({ signal }) => getAppConfig(signal), staleTime: Infinity, gcTime: Infinity }, queryClient);
