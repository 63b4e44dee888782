import type {
  TBootstrapDataResponse,
  TLoginPayload,
  TLoginResponse,
  TMessageResponse,
  TRegisterResponse,
  TResetPasswordPayload,
  TTwoFactorChallengePayload,
} from '@cadence/contracts/auth';
import { apiClient } from '@cadence/http-client/http-client';

/** Spec 7 authentication calls; paths under `auth` go out without the api/v1 prefix. */
export const authRequests = {
  login: (payload: TLoginPayload) => apiClient.post<TLoginResponse>('auth/login', payload),
  twoFactorChallenge: (payload: TTwoFactorChallengePayload) =>
    apiClient.post<Partial<TBootstrapDataResponse>>('auth/two-factor-challenge', payload),
  register: (payload: Record<string, unknown>) => apiClient.post<TRegisterResponse>('auth/register', payload),
  forgotPassword: (email: string) => apiClient.post<TMessageResponse>('auth/forgot-password', { email }),
  resetPassword: (payload: TResetPasswordPayload) =>
    apiClient.post<Partial<TBootstrapDataResponse> & Partial<TMessageResponse>>(
      'auth/reset-password',
      payload,
    ),
  logout: () => apiClient.post<TBootstrapDataResponse>('auth/logout'),
  resendEmailVerification: (email: string) =>
    apiClient.post<TMessageResponse>('resend-email-verification', { email }),
  validateEmailOtp: (code: string) => apiClient.post<unknown>('validate-email-verification-otp', { code }),
  socialConnectWithPassword: (password: string) =>
    apiClient.post<TBootstrapDataResponse>('secure/auth/social/connect', { password }),
  verifyRecaptcha: (token: string) => apiClient.post<{ success: boolean }>('recaptcha/verify', { token }),
};
