import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyDetails,
  detailResponse,
  emailSignature,
  personalDetails,
  profileResponse,
} from '@mfd/contracts';
import { errorResponses, notFound } from '@mfd/service-kit';
import { findProfile, saveSignature, updateCompany } from '../data/profile.repository';
import { profileView } from '../domain/profile-view';
import { savePersonalDetails, type PersonalDetailsContext } from '../domain/personal-details';

export const profileRoutes: FastifyPluginAsyncZod<{ ctx: PersonalDetailsContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get(
    '/api/profile',
    {
      schema: {
        operationId: 'getProfile',
        summary: 'The signed-in user’s profile: personal details, company and e-mail signature',
        tags: ['profile'],
        response: { 200: profileResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const p = await findProfile(db, request.auth.tenantId, request.auth.userId);
      if (!p) throw notFound('Unable to load profile');
      return profileView(p);
    },
  );

  app.put(
    '/api/profile',
    {
      schema: {
        operationId: 'updatePersonalDetails',
        summary: 'Change the signed-in user’s name, phone, position or e-mail',
        tags: ['profile'],
        body: personalDetails,
        response: { 200: detailResponse, ...errorResponses(404, 409, 429) },
      },
    },
    async (request) => {
      await savePersonalDetails(ctx, request.auth, request.body);
      return { success: true as const, detail: 'Profile updated successfully!' };
    },
  );

  app.put(
    '/api/profile/company',
    {
      schema: {
        operationId: 'updateCompanyDetails',
        summary: 'Change the details of the signed-in user’s company',
        tags: ['profile'],
        body: companyDetails,
        response: { 200: detailResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      if (!(await updateCompany(db, request.auth.tenantId, request.body)))
        throw notFound('Unable to load profile');
      return { success: true as const, detail: 'Company profile updated successfully!' };
    },
  );

  app.put(
    '/api/profile/signature',
    {
      schema: {
        operationId: 'updateEmailSignature',
        summary: 'Change the signature under the signed-in user’s RFQ mails',
        tags: ['profile'],
        body: emailSignature,
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      await saveSignature(db, request.auth.userId, request.body);
      return { success: true as const, detail: 'Email signature updated successfully!' };
    },
  );
};
