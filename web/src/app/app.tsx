import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ApiError } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';
import { returnFocusAfterDialogs } from './dialog-focus';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network hiccups and 5xx get one more try.
        retry: (count, err) =>
          count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  useEffect(() => returnFocusAfterDialogs(), []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/*
        Bottom left: over no navigation (the header's links, where top centre sat) and clear of dialogs'
        actions, which sit at their bottom right. On a phone global.css moves them under the header.
      */}
      <Notifications position="bottom-left" />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
