import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponse, invitationTokenParams, publicInvitation } from '@mfd/contracts';
import { errorResponses } from '@mfd/service-kit';
import type { AccountsContext } from '../domain/accounts';
import { acceptInvitation, readInvitation } from '../domain/invitations';
import { invitationAcceptBody } from '../domain/password-policy';

/** The invitation link's page, before any account exists: read it, then accept it (single use). */
export const publicInvitationRoutes: FastifyPluginAsyncZod<{ accounts: AccountsContext }> = async (
  app,
  { accounts },
) => {
  const publicRoute = { public: true } as const;
  const tags = ['auth'];

  app.get(
    '/api/public/invitations/:token',
    {
      config: publicRoute,
      schema: {
        operationId: 'getInvitation',
        summary:
          'What an invitation link invites to: company, inviter, e-mail and role (410 once used, revoked or expired)',
        tags,
        params: invitationTokenParams,
        response: { 200: publicInvitation, ...errorResponses(404, 410, 429) },
      },
    },
    async (request) => readInvitation(accounts.db, request.params.token),
  );

  app.post(
    '/api/public/invitations/:token/accept',
    {
      config: publicRoute,
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Join the company with the invitation: creates the account, signed in, as sign-up answers',
        tags,
        params: invitationTokenParams,
        body: invitationAcceptBody,
        response: { 201: authResponse, ...errorResponses(404, 409, 410, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await acceptInvitation(accounts, request.params.token, request.body, {
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        }),
      ),
  );
};
