import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { AuthScreen } from '../features/auth/routes/auth-screen';
import { useAuth } from '../lib/auth';

/** Everything but /reset-password sits behind this: a spinner while the session loads, else sign-in. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading your session" />
      </Center>
    );
  }
  return user ? children : <AuthScreen />;
}
