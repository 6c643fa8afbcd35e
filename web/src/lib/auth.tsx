import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthResponse, CurrentUser } from '@mfd/contracts';
import { apiRequest, setSessionEndedHandler, tokenStore } from './api-client';
import { clearSessionCaches } from './session-caches';
import { singleFlight } from './single-flight';

interface AuthState {
  user: CurrentUser | null;
  /** True while the stored token is being checked at start. */
  loading: boolean;
  signIn(auth: AuthResponse): Promise<void>;
  signOut(): Promise<void>;
  /** Re-reads the current user after the profile changed. */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * The session (spec §4): a token kept in browser storage; when present the current user is
 * fetched, and if that fails the token is dropped. Signed in means token and user both exist.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [loading, setLoading] = useState(() => tokenStore.get() !== null);

  // Clearing the token ends the session in every other tab too (see the effect below).
  const endSession = useCallback(() => {
    tokenStore.clear();
    setUser(null);
    clearSessionCaches();
  }, []);

  useEffect(() => {
    setSessionEndedHandler(endSession);
    if (!tokenStore.get()) return;
    apiRequest<CurrentUser>('/api/auth/me')
      .then(setUser)
      .catch(endSession)
      .finally(() => setLoading(false));
  }, [endSession]);

  // One session for all tabs: a sign-out (or a revoked token met) in one signs every tab out at
  // once, and a sign-in in one signs the others in as that user, their cached data dropped.
  useEffect(
    () =>
      tokenStore.onChangeElsewhere((token) => {
        clearSessionCaches();
        if (!token) {
          setUser(null);
          return;
        }
        apiRequest<CurrentUser>('/api/auth/me').then(setUser).catch(endSession);
      }),
    [endSession],
  );

  // A token revoked elsewhere (signed out on another device, a password reset) is noticed when the
  // user comes back to the tab, not only at its next call: /me answers 401 and the session ends.
  useEffect(() => {
    const recheck = () => {
      if (document.visibilityState !== 'visible' || !tokenStore.get()) return;
      apiRequest<CurrentUser>('/api/auth/me')
        .then(setUser)
        // A 401 has already ended the session (api-client); a network failure changes nothing.
        .catch(() => undefined);
    };
    document.addEventListener('visibilitychange', recheck);
    return () => document.removeEventListener('visibilitychange', recheck);
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      loading,
      async signIn(auth) {
        tokenStore.set(auth.access_token);
        setUser(await apiRequest<CurrentUser>('/api/auth/me'));
      },
      async refresh() {
        setUser(await apiRequest<CurrentUser>('/api/auth/me'));
      },
      // One sign-out at a time, as every change (lib/mutation.ts): a double click logs out once.
      signOut: singleFlight(async () => {
        // The server revokes the token and the gateway drops an operator's queue board session
        // (its cookie, which script cannot reach); the session ends here whatever either answers.
        await Promise.all([
          apiRequest('/api/auth/logout', { method: 'POST' }).catch(() => undefined),
          apiRequest('/ops/queues/session', { method: 'DELETE' }).catch(() => undefined),
        ]);
        endSession();
      }),
    }),
    [user, loading, endSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}
