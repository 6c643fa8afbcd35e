import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimInput,
  claimUpdateInput,
  claimView,
  deliveryInput,
  idParams,
  invoiceInput,
  MAX_DOCUMENT_BYTES,
  stemDocumentView,
  stemIndexValuesInput,
  stemView,
  uuid,
} from '@mfd/contracts';
import { AppError, badRequest, errorResponses, notFound, payloadTooLarge } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { databaseDocumentStore } from '../domain/stems/document-store';
import { sniffDocumentType } from '../domain/stems/document-type';
import { raiseClaim, updateClaim } from '../domain/stems/stem-claims';
import { recordDelivery, uploadStemDocument } from '../domain/stems/stem-delivery';
import { closeStem, recordInvoice, setStemIndexValues } from '../domain/stems/stem-invoice';
import { stemDetail } from '../domain/stems/stems';
import { callerOf, domain } from './route-context';

const documentParams = z.object({ id: uuid(), documentId: uuid('Document id') });

/**
 * A stem after its confirmation: the delivery note and its document, the final index values, the
 * supplier's invoice, closing, and claims with their time bars. Each answers the stem as it now is
 * (claims answer the claim); another company's stem or claim is a 404.
 */
export const stemLifeRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['stems'];
  const store = databaseDocumentStore;
  // One file per request, at most 10 MB; a larger one is cut short and refused.
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 0 } });

  app.post(
    '/api/stems/:id/delivery',
    {
      schema: {
        operationId: 'recordStemDelivery',
        summary: 'Record the bunker delivery note of each line; the stem is delivered',
        tags,
        params: idParams,
        body: deliveryInput,
        response: { 200: stemView, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      await domain(recordDelivery(db, callerOf(request), request.params.id, request.body));
      return domain(stemDetail(db, request.auth.tenantId, request.params.id));
    },
  );

  app.post(
    '/api/stems/:id/documents',
    {
      bodyLimit: MAX_DOCUMENT_BYTES + 64 * 1024,
      schema: {
        operationId: 'uploadStemDocument',
        summary: 'Upload the BDN as a PDF, JPEG or PNG of at most 10 MB (multipart, one file)',
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 201: stemDocumentView, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const refuse = (err: AppError): never => {
        // The rest of a refused upload is not worth reading.
        reply.header('connection', 'close');
        throw err;
      };
      const tooLarge = () => payloadTooLarge('The file is larger than 10 MB');
      const notAFile = (message: string) => badRequest(message, [{ field: 'file', message }]);
      const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
      if (!request.isMultipart()) refuse(unsupported('Upload the document as a file (multipart/form-data)'));
      const file = await request.file();
      if (!file) return refuse(notAFile('Choose a PDF, JPEG or PNG file to upload'));
      const content = await file.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return refuse(tooLarge());
        throw err;
      });
      if (file.file.truncated || content.length > MAX_DOCUMENT_BYTES) return refuse(tooLarge());
      if (content.length === 0) return refuse(notAFile('The file is empty'));
      const type = sniffDocumentType(content);
      if (!type) return refuse(unsupported('The file must be a PDF, JPEG or PNG'));
      const doc = await domain(
        uploadStemDocument(db, store, callerOf(request), request.params.id, {
          filename: (file.filename || 'document').slice(0, 200),
          content_type: type,
          content,
        }),
      );
      reply.code(201);
      return {
        id: doc.id,
        filename: doc.filename,
        content_type: doc.content_type,
        size_bytes: doc.size_bytes,
        uploaded_at: doc.uploaded_at.toISOString(),
      };
    },
  );

  app.get(
    '/api/stems/:id/documents/:documentId',
    {
      schema: {
        operationId: 'getStemDocument',
        summary: 'Download an uploaded delivery document',
        tags,
        params: documentParams,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const found = await store.read(db, request.auth.tenantId, request.params.id, request.params.documentId);
      if (!found) throw notFound('Document not found');
      const ascii = found.doc.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .type(found.doc.content_type)
        .header('content-disposition', `inline; filename="${ascii}"`)
        .header('x-content-type-options', 'nosniff')
        .send(found.content);
    },
  );

  app.put(
    '/api/stems/:id/index-values',
    {
      schema: {
        operationId: 'setStemIndexValues',
        summary: 'Set the final values of the stem’s indexes (as a whole), for the invoice check',
        tags,
        params: idParams,
        body: stemIndexValuesInput,
        response: { 200: stemView, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      await domain(setStemIndexValues(db, callerOf(request), request.params.id, request.body));
      return domain(stemDetail(db, request.auth.tenantId, request.params.id));
    },
  );

  app.post(
    '/api/stems/:id/invoice',
    {
      schema: {
        operationId: 'recordStemInvoice',
        summary: 'Record the supplier’s invoice, checked against the expected amount; the stem is invoiced',
        tags,
        params: idParams,
        body: invoiceInput,
        response: { 200: stemView, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      await domain(recordInvoice(db, callerOf(request), request.params.id, request.body));
      return domain(stemDetail(db, request.auth.tenantId, request.params.id));
    },
  );

  app.post(
    '/api/stems/:id/close',
    {
      schema: {
        operationId: 'closeStem',
        summary: 'Close an invoiced stem (409 while a claim is open)',
        tags,
        params: idParams,
        response: { 200: stemView, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await domain(closeStem(db, callerOf(request), request.params.id));
      return domain(stemDetail(db, request.auth.tenantId, request.params.id));
    },
  );

  app.post(
    '/api/stems/:id/claims',
    {
      schema: {
        operationId: 'raiseStemClaim',
        summary: 'Raise a claim against the delivery; its time bar runs from the delivery by kind',
        tags,
        params: idParams,
        body: claimInput,
        response: { 201: claimView, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const claim = await domain(raiseClaim(db, callerOf(request), request.params.id, request.body));
      reply.code(201);
      return claim;
    },
  );

  app.patch(
    '/api/claims/:id',
    {
      schema: {
        operationId: 'updateStemClaim',
        summary: 'Move a claim: open → submitted → settled or rejected',
        tags,
        params: idParams,
        body: claimUpdateInput,
        response: { 200: claimView, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => domain(updateClaim(db, callerOf(request), request.params.id, request.body.status)),
  );
};
