import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../lib/auth';
import { returnFocusAfterDialogs } from './dialog-focus';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

// The toasts' container and its transitions (8 KiB of gzip JS) are fetched with the
// first toast: the store keeps what was shown until the container mounts and shows it.
const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

function ToastsOnceShown() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Once mounted it stays, so a toast's exit transition and the next one need no new fetch.
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense>
      <Toasts />
    </Suspense>
  ) : null;
}

export function App() {
  useEffect(() => returnFocusAfterDialogs(), []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ToastsOnceShown />
      {/* The query cache comes with each screen that uses it (lib/lazy-with-queries). */}
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </MantineProvider>
  );
}
