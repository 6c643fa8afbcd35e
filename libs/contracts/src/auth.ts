import { z } from 'zod';
import { DEFAULT_ROLE, ROLES } from './constants';
import { enumField, optionalPhone, optionalText, password, requiredEmail, requiredText } from './fields';

export const signupRequest = z.object({
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  /** The trading company the sign-up creates; without one it is named after the person until the profile names it. */
  company_name: optionalText('Company name', 200),
  email: requiredEmail(),
  phone: optionalPhone(),
  role: enumField('Role', ROLES).default(DEFAULT_ROLE),
  password,
});
export type SignupRequest = z.input<typeof signupRequest>;

/** The sign-up form: the request plus the confirmation that is checked here and never sent. */
export const signupForm = signupRequest
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

export const loginRequest = z.object({
  email: requiredEmail(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const authResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  user_id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  /** A platform operator, who alone changes shared reference data (ports, products). */
  operator: z.boolean(),
});
export type AuthResponse = z.infer<typeof authResponse>;

export const currentUser = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  /** As the session's token carries it: a grant shows at the next sign-in. */
  operator: z.boolean(),
  /** As the account is now (not as the token says): sending to suppliers waits for it. */
  email_verified: z.boolean(),
  company_id: z.uuid(),
  company_name: z.string(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const forgotPasswordRequest = z.object({ email: requiredEmail() });

export const resetPasswordRequest = z.object({
  token: z.string({ error: 'Invalid password reset link' }).min(16, 'Invalid password reset link').max(200),
  new_password: password,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const resetPasswordForm = z
  .object({ new_password: password, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });

export const verifyEmailRequest = z.object({
  token: z
    .string({ error: 'Invalid e-mail verification link' })
    .min(16, 'Invalid e-mail verification link')
    .max(200),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequest>;

export const EMAIL_VERIFIED_MESSAGE =
  'Your e-mail address has been verified: you can send inquiries to suppliers now, without signing in again.';
/** What a supplier mail from an account that has not proven its mailbox answers (403), and the web app shows. */
export const MAILBOX_UNVERIFIED = 'Confirm your e-mail address before sending inquiries to suppliers';
export const INVALID_VERIFY_LINK = 'This e-mail verification link is invalid or has expired.';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. It is valid for one hour.';
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';

/** Claims of the access token identity signs and every service verifies. */
export const accessTokenClaims = z.object({
  sub: z.uuid(),
  tid: z.uuid(),
  role: z.enum(ROLES),
  /** Platform operator as of sign-in; tokens signed before the flag existed carry none. */
  operator: z.boolean().default(false),
  jti: z.string(),
  iat: z.number(),
  exp: z.number(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaims>;
export const TOKEN_AUDIENCE = 'mfd-api';
export const TOKEN_ISSUER = 'mfd-identity';
