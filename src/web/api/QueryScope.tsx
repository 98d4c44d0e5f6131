/**
 * The one TanStack Query client (query-client.ts) offered through React context, for
 * screens whose hooks read it from there. It is loaded with those screens, never at first
 * load, so the data layer stays out of the entry chunk.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
