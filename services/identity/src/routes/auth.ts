import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponse,
  currentUser,
  detailResponse,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordRequest,
  loginRequest,
  messageResponse,
  EMAIL_VERIFIED_MESSAGE,
  verifyEmailRequest,
} from '@mfd/contracts';
import { errorResponses, unauthorized } from '@mfd/service-kit';
import { findUserWithCompany } from '../data/users.repository';
import {
  logIn,
  logOut,
  requestPasswordReset,
  resetPassword,
  signUp,
  type AccountsContext,
  type ClientInfo,
} from '../domain/accounts';
import { resendVerification, verifyEmail } from '../domain/email-verification';
import { resetPasswordBody, signupBody } from '../domain/password-policy';

function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [result] = await Promise.all([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  return result;
}

export const authRoutes: FastifyPluginAsyncZod<{ accounts: AccountsContext }> = async (app, { accounts }) => {
  const publicRoute = { public: true } as const;

  app.post(
    '/api/auth/signup',
    {
      config: publicRoute,
      schema: {
        operationId: 'signUp',
        summary: 'Sign up: create a company and its first user, signed in',
        tags: ['auth'],
        body: signupBody,
        response: { 201: authResponse, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await signUp(accounts, request.body, clientInfo(request))),
  );

  app.post(
    '/api/auth/login',
    {
      config: publicRoute,
      schema: {
        operationId: 'logIn',
        summary: 'Sign in with e-mail and password',
        tags: ['auth'],
        body: loginRequest,
        response: { 200: authResponse, ...errorResponses(401, 429) },
      },
    },
    async (request) => logIn(accounts, request.body, clientInfo(request)),
  );

  app.get(
    '/api/auth/me',
    {
      schema: {
        operationId: 'getCurrentUser',
        summary: 'The signed-in user and their company',
        tags: ['auth'],
        response: { 200: currentUser },
      },
    },
    async (request) => {
      const user = await findUserWithCompany(accounts.db, request.auth.tenantId, request.auth.userId);
      // A valid token for a user that no longer exists is a session that has ended.
      if (!user) throw unauthorized();
      const { email_verified_at: verifiedAt, ...rest } = user;
      return { ...rest, operator: request.auth.operator, email_verified: verifiedAt !== null };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        operationId: 'logOut',
        summary: 'Sign out: the token is revoked everywhere',
        tags: ['auth'],
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      await logOut(accounts, request.auth);
      return { success: true as const, detail: 'You have been signed out' };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: publicRoute,
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Ask for a password-reset mail (the answer is the same whether the e-mail is known or not)',
        tags: ['auth'],
        body: forgotPasswordRequest,
        response: { 200: messageResponse, ...errorResponses(429) },
      },
    },
    async (request) => {
      await atLeast(
        accounts.config.FORGOT_PASSWORD_MIN_MS,
        requestPasswordReset(accounts, request.body.email),
      );
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: publicRoute,
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with the token from the reset mail',
        tags: ['auth'],
        body: resetPasswordBody,
        response: { 200: detailResponse, ...errorResponses(429) },
      },
    },
    async (request) => {
      await resetPassword(accounts, request.body.token, request.body.new_password);
      return {
        success: true as const,
        detail: 'Your password has been reset. You can now sign in with your new password.',
      };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: publicRoute,
      schema: {
        operationId: 'verifyEmail',
        summary: 'Confirm an e-mail address with the token from the verification mail',
        tags: ['auth'],
        body: verifyEmailRequest,
        response: { 200: detailResponse, ...errorResponses(429) },
      },
    },
    async (request) => {
      await verifyEmail(accounts.db, request.body.token);
      return { success: true as const, detail: EMAIL_VERIFIED_MESSAGE };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      schema: {
        operationId: 'resendVerificationEmail',
        summary: 'Mail the signed-in user a new link to confirm their e-mail address',
        tags: ['auth'],
        response: { 200: detailResponse, ...errorResponses(404, 409, 429) },
      },
    },
    async (request) => {
      const email = await resendVerification(
        accounts.db,
        request.auth,
        accounts.config.VERIFY_EMAIL_TOKEN_TTL_MINUTES,
        accounts.mailSecrets,
      );
      accounts.outboxWritten();
      return {
        success: true as const,
        detail: `A new confirmation e-mail is on its way to ${email}: open its link to confirm your address.`,
      };
    },
  );
};
