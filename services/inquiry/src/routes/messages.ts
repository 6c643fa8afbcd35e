import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParams,
  inquiryMessagesResponse,
  markMessagesRead,
  markMessagesReadResponse,
} from '@mfd/contracts';
import { errorResponses } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { inquiryMessages, markInquiryMessagesRead } from '../domain/messages/inquiry-messages';
import { callerOf, domain } from './route-context';

/** Suppliers' replies by e-mail on an inquiry (its Messages tab), and marking them read. */
export const messageRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['inquiries'];

  app.get(
    '/api/inquiries/:id/messages',
    {
      schema: {
        operationId: 'listInquiryMessages',
        summary: 'Suppliers’ replies by e-mail to the inquiry’s mails, oldest first',
        tags,
        params: idParams,
        response: { 200: inquiryMessagesResponse, ...errorResponses(404) },
      },
    },
    async (request) => domain(inquiryMessages(db, callerOf(request), request.params.id)),
  );

  app.post(
    '/api/inquiries/:id/messages/read',
    {
      schema: {
        operationId: 'markInquiryMessagesRead',
        summary: 'Mark some of the inquiry’s messages read',
        tags,
        params: idParams,
        body: markMessagesRead,
        response: { 200: markMessagesReadResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      domain(markInquiryMessagesRead(db, callerOf(request), request.params.id, request.body.ids, new Date())),
  );
};
