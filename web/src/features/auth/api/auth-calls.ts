import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest, ResetPasswordRequest, SignupRequest } from '@mfd/contracts';
import { apiRequest } from '../../../lib/api-client';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => apiRequest<AuthResponse>('/api/auth/login', { method: 'POST', body }),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupRequest) =>
      apiRequest<AuthResponse>('/api/auth/signup', { method: 'POST', body }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest<{ success: true; detail: string }>('/api/auth/reset-password', { method: 'POST', body }),
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ success: true; detail: string }>('/api/auth/verify-email', {
        method: 'POST',
        body: { token },
      }),
  });
}
