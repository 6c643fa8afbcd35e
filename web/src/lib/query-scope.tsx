import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api-client';
import { clearWhenSessionChanges } from './session-caches';

/** The app's one query cache, shared by every screen; loaded with the first screen that asks the API. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change by asking again; network hiccups and 5xx get one more try.
      retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

clearWhenSessionChanges(() => queryClient.clear());

export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
