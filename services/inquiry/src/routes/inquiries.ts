import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  amendmentSend,
  amendmentSendResponse,
  createdResponse,
  detailResponse,
  idParams,
  inquiryCancel,
  inquiryCreate,
  inquiryDetail,
  inquiryListQuery,
  inquiryOwnerChange,
  inquirySummary,
  inquiryUpdate,
  productLineInput,
  productLineParams,
  productLineUpdate,
} from '@mfd/contracts';
import { errorResponses, notFound, type MailQuota } from '@mfd/service-kit';
import { directoryLookups } from '../data/directory.client';
import { companyMember } from '../data/identity.client';
import { findInquiry, listInquiries } from '../data/inquiries.repository';
import { linesByInquiry } from '../data/product-lines.repository';
import type { InquiryDeps } from '../deps';
import { callerOf, domain, onBehalfOf, supplierMailGate } from './route-context';
import {
  addLine,
  cancelInquiry,
  changeLine,
  createInquiry,
  editInquiry,
  removeLine,
} from '../domain/inquiries';
import { copyInquiry } from '../domain/copy-inquiry';
import { sendAmendment } from '../domain/rfq/send-amendment';
import { pendingChanges } from '../domain/rfq/sent-version';
import { handOver } from '../domain/owners';
import type { NoticeSource } from '../domain/rfq/supplier-mail-gate';
import { savingsByInquiry } from '../domain/insights/savings';
import { toDetail, toSummary } from './inquiry-views';

const NOT_FOUND = 'Inquiry not found';

/** The tenant's inquiries and their fuel lines (spec §7); another company's inquiry or line is a 404. */
export const inquiryRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps; mailQuota: MailQuota }> = async (
  app,
  { deps, mailQuota },
) => {
  const { db } = deps.database;
  const tags = ['inquiries'];
  const lookups = (request: FastifyRequest) => directoryLookups(deps.directory, onBehalfOf(request));
  // Amendments and cancels of a sent inquiry tell its suppliers, signed by the inquiry's owner.
  const notices = (request: FastifyRequest, inquiryId: string): NoticeSource => ({
    secrets: deps.mailSecrets,
    gate: supplierMailGate(deps, mailQuota, request, inquiryId),
  });
  const afterWrite = () => deps.relay.kick();

  app.get(
    '/api/inquiries',
    {
      schema: {
        operationId: 'listInquiries',
        summary: 'List the company’s inquiries, paged and filtered (X-Total-Count holds the total)',
        tags,
        querystring: inquiryListQuery,
        response: { 200: z.array(inquirySummary) },
      },
    },
    async (request, reply) => {
      const { owner, ...filter } = request.query;
      const { rows, total } = await listInquiries(db, request.auth.tenantId, {
        ...filter,
        ownerId: owner === 'me' ? request.auth.userId : undefined,
      });
      const lines = await linesByInquiry(
        db,
        request.auth.tenantId,
        rows.map((r) => r.id),
      );
      reply.header('x-total-count', String(total));
      return rows.map((row) => toSummary(row, lines.get(row.id) ?? []));
    },
  );

  app.post(
    '/api/inquiries',
    {
      schema: {
        operationId: 'createInquiry',
        summary: 'Create an inquiry with its fuel lines',
        tags,
        body: inquiryCreate,
        response: { 201: createdResponse },
      },
    },
    async (request, reply) => {
      const id = await domain(createInquiry(db, lookups(request), callerOf(request), request.body));
      afterWrite();
      return reply.code(201).send({ success: true, id, detail: 'Inquiry created successfully!' });
    },
  );

  app.post(
    '/api/inquiries/:id/copy',
    {
      schema: {
        operationId: 'copyInquiry',
        summary:
          'Copy an inquiry as a new draft: same customer, port, vessel, notes and fuel lines; no dates, no recipients',
        tags,
        params: idParams,
        response: { 201: createdResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const id = await domain(copyInquiry(db, callerOf(request), request.params.id));
      afterWrite();
      return reply
        .code(201)
        .send({ success: true, id, detail: 'Inquiry copied: set the dates of the new call.' });
    },
  );

  app.get(
    '/api/inquiries/:id',
    {
      schema: {
        operationId: 'getInquiry',
        summary: 'One inquiry with its fuel lines',
        tags,
        params: idParams,
        response: { 200: inquiryDetail, ...errorResponses(404) },
      },
    },
    async (request) => {
      const inquiry = await findInquiry(db, request.auth.tenantId, request.params.id);
      if (!inquiry) throw notFound(NOT_FOUND);
      const lines = (await linesByInquiry(db, request.auth.tenantId, [inquiry.id])).get(inquiry.id) ?? [];
      const savings =
        inquiry.status === 'awarded'
          ? await savingsByInquiry(db, request.auth.tenantId, [inquiry.id]).then(
              (m) => m.get(inquiry.id) ?? null,
            )
          : null;
      return toDetail(inquiry, lines, await pendingChanges(db, inquiry, lines), savings);
    },
  );

  app.put(
    '/api/inquiries/:id',
    {
      schema: {
        operationId: 'updateInquiry',
        summary:
          'Change an inquiry (a sent one keeps the change pending until an amendment is sent; without supplier_notes they stay)',
        tags,
        params: idParams,
        body: inquiryUpdate,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await domain(editInquiry(db, lookups(request), callerOf(request), request.params.id, request.body));
      afterWrite();
      return { success: true as const, detail: 'Inquiry updated successfully!' };
    },
  );

  app.put(
    '/api/inquiries/:id/owner',
    {
      schema: {
        operationId: 'changeInquiryOwner',
        summary: 'Hand the inquiry to another member of the company (its alerts and supplier mails follow)',
        tags,
        params: idParams,
        body: inquiryOwnerChange,
        response: { 200: detailResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      // Another company's inquiry is a 404 before anything is asked of identity.
      const caller = callerOf(request);
      if (!(await findInquiry(db, caller.tenantId, request.params.id))) throw notFound(NOT_FOUND);
      const to = await companyMember(deps.identity, onBehalfOf(request), request.body.user_id);
      if (!to) throw notFound('Member not found');
      await domain(handOver(db, caller, request.params.id, to));
      return { success: true as const, detail: `The inquiry is now ${to.name}’s.` };
    },
  );

  app.post(
    '/api/inquiries/:id/amendments',
    {
      schema: {
        operationId: 'sendAmendment',
        summary:
          'Mail the suppliers one amendment listing every change since they were last told (409 when nothing is pending)',
        tags,
        params: idParams,
        body: amendmentSend,
        response: { 200: amendmentSendResponse, ...errorResponses(403, 404, 409, 429) },
      },
    },
    async (request) => {
      const amended = await domain(
        sendAmendment(
          db,
          callerOf(request),
          request.params.id,
          request.body,
          notices(request, request.params.id),
        ),
      );
      afterWrite();
      return {
        success: true as const,
        amended_count: amended,
        detail: `Amendment sent to ${amended} supplier ${amended === 1 ? 'address' : 'addresses'}.`,
      };
    },
  );

  app.post(
    '/api/inquiries/:id/cancel',
    {
      schema: {
        operationId: 'cancelInquiry',
        summary: 'Cancel an inquiry (its suppliers are told when it was sent)',
        tags,
        params: idParams,
        body: inquiryCancel,
        response: { 200: detailResponse, ...errorResponses(403, 404, 409, 429) },
      },
    },
    async (request) => {
      await domain(
        cancelInquiry(
          db,
          callerOf(request),
          request.params.id,
          request.body.reason,
          notices(request, request.params.id),
        ),
      );
      afterWrite();
      return { success: true as const, detail: 'Inquiry cancelled.' };
    },
  );

  app.post(
    '/api/inquiries/:id/products',
    {
      schema: {
        operationId: 'addInquiryLine',
        summary: 'Add a fuel line to an inquiry',
        tags,
        params: idParams,
        body: productLineInput,
        response: { 201: createdResponse, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const id = await domain(
        addLine(db, lookups(request), callerOf(request), request.params.id, request.body),
      );
      afterWrite();
      return reply.code(201).send({ success: true, id, detail: 'Product added successfully!' });
    },
  );

  app.put(
    '/api/inquiries/:id/products/:productId',
    {
      schema: {
        operationId: 'updateInquiryLine',
        summary: 'Change a fuel line of an inquiry',
        tags,
        params: productLineParams,
        body: productLineUpdate,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { id, productId } = request.params;
      await domain(changeLine(db, lookups(request), callerOf(request), id, productId, request.body));
      afterWrite();
      return { success: true as const, detail: 'Product updated successfully!' };
    },
  );

  app.delete(
    '/api/inquiries/:id/products/:productId',
    {
      schema: {
        operationId: 'removeInquiryLine',
        summary: 'Remove a fuel line from an inquiry',
        tags,
        params: productLineParams,
        response: { 200: detailResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { id, productId } = request.params;
      await domain(removeLine(db, callerOf(request), id, productId));
      afterWrite();
      return { success: true as const, detail: 'Product deleted successfully!' };
    },
  );
};
