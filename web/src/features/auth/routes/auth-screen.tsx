import { Box, Center, Loader, Paper } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { lazyWithQueries } from '../../../lib/lazy-with-queries';
import { Landing } from '../components/landing';

// The forms (and the validation rules they bring) are fetched when chosen, so the landing page stays light.
const SignInForm = lazyWithQueries(() => import('../components/sign-in-form').then((m) => m.SignInForm));
const ForgotPasswordForm = lazyWithQueries(() =>
  import('../components/forgot-password-form').then((m) => m.ForgotPasswordForm),
);
const SignUpForm = lazyWithQueries(() => import('../components/sign-up-form').then((m) => m.SignUpForm));

type Mode = 'landing' | 'login' | 'forgot' | 'signup';

/** Shown at any address while signed out (spec §2): landing, sign in, forgot password, sign up. */
export function AuthScreen() {
  // The reset page sends people straight to the sign-in form.
  const start = (useLocation().state as { authMode?: Mode } | null)?.authMode ?? 'landing';
  const [mode, setMode] = useState<Mode>(start);
  if (mode === 'landing')
    return <Landing onSignIn={() => setMode('login')} onSignUp={() => setMode('signup')} />;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Box w="100%" maw={mode === 'signup' ? 520 : 420}>
        <Paper withBorder shadow="sm" p="xl">
          <Suspense fallback={<Loader aria-label="Loading" />}>
            {mode === 'login' && (
              <SignInForm
                onForgot={() => setMode('forgot')}
                onSignUp={() => setMode('signup')}
                onBack={() => setMode('landing')}
              />
            )}
            {mode === 'forgot' && <ForgotPasswordForm onBack={() => setMode('login')} />}
            {mode === 'signup' && (
              <SignUpForm onSignIn={() => setMode('login')} onBack={() => setMode('landing')} />
            )}
          </Suspense>
        </Paper>
      </Box>
    </Center>
  );
}
