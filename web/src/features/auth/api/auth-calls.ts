import type { AuthResponse, LoginRequest, ResetPasswordRequest, SignupRequest } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSingleFlightMutation } from '../../../lib/mutation';

export function useLogin() {
  return useSingleFlightMutation({
    mutationFn: (body: LoginRequest) => apiRequest<AuthResponse>('/api/auth/login', { method: 'POST', body }),
  });
}

export function useSignup() {
  return useSingleFlightMutation({
    mutationFn: (body: SignupRequest) =>
      apiRequest<AuthResponse>('/api/auth/signup', { method: 'POST', body }),
  });
}

export function useForgotPassword() {
  return useSingleFlightMutation({
    mutationFn: (email: string) =>
      apiRequest<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
  });
}

export function useResetPassword() {
  return useSingleFlightMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest<{ success: true; detail: string }>('/api/auth/reset-password', { method: 'POST', body }),
  });
}

export function useVerifyEmail() {
  return useSingleFlightMutation({
    mutationFn: (token: string) =>
      apiRequest<{ success: true; detail: string }>('/api/auth/verify-email', {
        method: 'POST',
        body: { token },
      }),
  });
}
