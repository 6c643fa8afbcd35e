import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthResponse, CurrentUser } from '@mfd/contracts';
import { apiRequest, setSessionEndedHandler, tokenStore } from './api-client';

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
  const queryClient = useQueryClient();
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [loading, setLoading] = useState(() => tokenStore.get() !== null);

  const endSession = useCallback(() => {
    tokenStore.clear();
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    setSessionEndedHandler(endSession);
    if (!tokenStore.get()) return;
    apiRequest<CurrentUser>('/api/auth/me')
      .then(setUser)
      .catch(endSession)
      .finally(() => setLoading(false));
  }, [endSession]);

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
      async signOut() {
        // The server revokes the token and the gateway drops an operator's queue board session
        // (its cookie, which script cannot reach); the session ends here whatever either answers.
        await Promise.all([
          apiRequest('/api/auth/logout', { method: 'POST' }).catch(() => undefined),
          apiRequest('/ops/queues/session', { method: 'DELETE' }).catch(() => undefined),
        ]);
        endSession();
      },
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
