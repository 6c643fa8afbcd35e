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
import { unauthorized } from '@mfd/service-kit';
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
import { verifyEmail } from '../domain/email-verification';
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
    { config: publicRoute, schema: { tags: ['auth'], body: signupBody, response: { 201: authResponse } } },
    async (request, reply) => reply.code(201).send(await signUp(accounts, request.body, clientInfo(request))),
  );

  app.post(
    '/api/auth/login',
    { config: publicRoute, schema: { tags: ['auth'], body: loginRequest, response: { 200: authResponse } } },
    async (request) => logIn(accounts, request.body, clientInfo(request)),
  );

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: currentUser } } }, async (request) => {
    const user = await findUserWithCompany(accounts.db, request.auth.tenantId, request.auth.userId);
    // A valid token for a user that no longer exists is a session that has ended.
    if (!user) throw unauthorized();
    return { ...user, operator: request.auth.operator };
  });

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: { 200: detailResponse } } },
    async (request) => {
      await logOut(accounts, request.auth);
      return { success: true as const, detail: 'You have been signed out' };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: publicRoute,
      schema: { tags: ['auth'], body: forgotPasswordRequest, response: { 200: messageResponse } },
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
      schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: detailResponse } },
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
      schema: { tags: ['auth'], body: verifyEmailRequest, response: { 200: detailResponse } },
    },
    async (request) => {
      await verifyEmail(accounts.db, request.body.token);
      return { success: true as const, detail: EMAIL_VERIFIED_MESSAGE };
    },
  );
};
