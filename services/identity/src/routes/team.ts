import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companySettings,
  companySettingsUpdate,
  detailResponse,
  idParams,
  invitationCreate,
  invitationView,
  member,
  memberRemoval,
  memberRoleChange,
  profileResponse,
  settingsOf,
} from '@mfd/contracts';
import { errorResponses, notFound } from '@mfd/service-kit';
import { findCompanySettings, saveCompanySettings } from '../data/company-settings.repository';
import { listPending, revokeInvitation } from '../data/invitations.repository';
import { findProfile } from '../data/profile.repository';
import { invite, type InvitationsContext } from '../domain/invitations';
import { changeRole, members, removeMember } from '../domain/members';
import { profileView } from '../domain/profile-view';

const admins = { role: 'admin' } as const;
const COMPANY_NOT_FOUND = 'Company not found';

/**
 * The desk as a team (issue 22): its members, the invitations an admin sends, and the company
 * settings. Any member reads; only admins change (403 for traders). Everything is the caller's
 * own company: another company's member or invitation is a 404.
 */
export const teamRoutes: FastifyPluginAsyncZod<{ ctx: InvitationsContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const tags = ['company'];

  app.get(
    '/api/company/members',
    {
      schema: {
        operationId: 'listMembers',
        summary: 'The members of the company, with their roles and when they last signed in',
        tags,
        response: { 200: z.array(member) },
      },
    },
    async (request) => members(db, request.auth.tenantId),
  );

  app.get(
    '/api/company/members/:id/profile',
    {
      schema: {
        operationId: 'getMemberProfile',
        summary:
          'A member’s profile and e-mail signature: the supplier mails of an inquiry sign with its owner’s',
        tags,
        params: idParams,
        response: { 200: profileResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const p = await findProfile(db, request.auth.tenantId, request.params.id);
      if (!p) throw notFound('Member not found');
      return profileView(p);
    },
  );

  app.patch(
    '/api/company/members/:id',
    {
      config: admins,
      schema: {
        operationId: 'changeMemberRole',
        summary:
          'Change a member’s role (admins; the last admin cannot be demoted); it applies on their next request',
        tags,
        params: idParams,
        body: memberRoleChange,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await changeRole(ctx, request.auth, request.params.id, request.body.role);
      return { success: true as const, detail: 'Role changed.' };
    },
  );

  app.delete(
    '/api/company/members/:id',
    {
      config: admins,
      schema: {
        operationId: 'removeMember',
        summary:
          'Remove a member (admins): their sessions end at once and their open inquiries go to the remover or reassign_to',
        tags,
        params: idParams,
        // No body at all: the remover keeps the inquiries.
        body: memberRemoval.nullish(),
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await removeMember(ctx, request.auth, request.params.id, request.body?.reassign_to);
      return { success: true as const, detail: 'Member removed.' };
    },
  );

  app.post(
    '/api/company/invitations',
    {
      config: admins,
      schema: {
        operationId: 'inviteMember',
        summary:
          'Invite a colleague by e-mail with a role (admins; a confirmed mailbox; counts against the mail quotas)',
        tags,
        body: invitationCreate,
        response: { 201: invitationView, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await invite(ctx, request.auth, request.body)),
  );

  app.get(
    '/api/company/invitations',
    {
      config: admins,
      schema: {
        operationId: 'listInvitations',
        summary: 'The invitations still waiting for an answer (admins)',
        tags,
        response: { 200: z.array(invitationView) },
      },
    },
    async (request) =>
      (await listPending(db, request.auth.tenantId)).map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        expires_at: i.expires_at.toISOString(),
      })),
  );

  app.delete(
    '/api/company/invitations/:id',
    {
      config: admins,
      schema: {
        operationId: 'revokeInvitation',
        summary: 'Revoke a pending invitation (admins): its link then answers 410',
        tags,
        params: idParams,
        response: { 200: detailResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      if (!(await revokeInvitation(db, request.auth.tenantId, request.params.id)))
        throw notFound('Invitation not found');
      return { success: true as const, detail: 'Invitation revoked.' };
    },
  );

  app.get(
    '/api/company/settings',
    {
      schema: {
        operationId: 'getCompanySettings',
        summary: 'The company settings: reference prefix, default reply-by hours, default selling terms',
        tags,
        response: { 200: companySettings, ...errorResponses(404) },
      },
    },
    async (request) => {
      const company = await findCompanySettings(db, request.auth.tenantId);
      if (!company) throw notFound(COMPANY_NOT_FOUND);
      return settingsOf(company);
    },
  );

  app.put(
    '/api/company/settings',
    {
      config: admins,
      schema: {
        operationId: 'updateCompanySettings',
        summary: 'Change the company settings (admins)',
        tags,
        body: companySettingsUpdate,
        response: { 200: companySettings, ...errorResponses(404) },
      },
    },
    async (request) => {
      if (!(await saveCompanySettings(db, request.auth.tenantId, request.body)))
        throw notFound(COMPANY_NOT_FOUND);
      return request.body;
    },
  );
};
