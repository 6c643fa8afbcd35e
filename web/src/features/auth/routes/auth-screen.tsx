import { Box, Center, Paper } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { Landing } from '../components/landing';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';

type Mode = 'landing' | 'login' | 'forgot' | 'signup';

/** Shown at any address while signed out (spec §2): landing, sign in, forgot password, sign up. */
export function AuthScreen() {
  // The reset page sends people straight to the sign-in form.
  const start = (useLocation().state as { authMode?: Mode } | null)?.authMode ?? 'landing';
  const [mode, setMode] = useState<Mode>(start);
  if (mode === 'landing') return <Landing onSignIn={() => setMode('login')} onSignUp={() => setMode('signup')} />;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Box w="100%" maw={mode === 'signup' ? 520 : 420}>
        <Paper withBorder shadow="sm" p="xl">
          {mode === 'login' && <SignInForm onForgot={() => setMode('forgot')} onSignUp={() => setMode('signup')} onBack={() => setMode('landing')} />}
          {mode === 'forgot' && <ForgotPasswordForm onBack={() => setMode('login')} />}
          {mode === 'signup' && <SignUpForm onSignIn={() => setMode('login')} onBack={() => setMode('landing')} />}
        </Paper>
      </Box>
    </Center>
  );
}
