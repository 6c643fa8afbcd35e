import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAuth } from '../lib/auth';

const AuthScreen = lazy(() =>
  import('../features/auth/routes/auth-screen').then((m) => ({ default: m.AuthScreen })),
);

function Loading({ label }: { label: string }) {
  return (
    <Center h="100vh">
      <Loader aria-label={label} />
    </Center>
  );
}

/** Everything but /reset-password sits behind this: a spinner while the session loads, else sign-in. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <Loading label="Loading your session" />;
  if (user) return children;
  return (
    // The signed-out screens are the whole page, so they are its main landmark.
    <main>
      <Suspense fallback={<Loading label="Loading" />}>
        <AuthScreen />
      </Suspense>
    </main>
  );
}
