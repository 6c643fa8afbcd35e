import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  lastDoneResponse,
  marginsQuery,
  marginsResponse,
  offersExportQuery,
  priceHistoryQuery,
  priceHistoryResponse,
  reportPeriod,
  supplierScorecardQuery,
  supplierScorecardsResponse,
  XLSX_CONTENT_TYPE,
} from '@mfd/contracts';
import { errorResponses } from '@mfd/service-kit';
import type { InquiryDeps } from '../deps';
import { offersComparison } from '../domain/exports/offers-comparison';
import { offersPdf } from '../domain/exports/offers-pdf';
import { offersWorkbook } from '../domain/exports/offers-workbook';
import { pricesWorkbook } from '../domain/exports/prices-workbook';
import { scorecardsWorkbook } from '../domain/exports/scorecards-workbook';
import { margins } from '../domain/insights/margins';
import { lastDone, priceHistory } from '../domain/insights/price-history';
import { supplierScorecards } from '../domain/insights/scorecards';
import { domain } from './route-context';

/** The bytes of a file, as the document describes them (never serialised: Fastify sends a Buffer as it is). */
const fileResponse = (what: string) => z.string().describe(what);

/** "MSC Oscar / VLSFO" -> "msc-oscar-vlsfo": a file name every system takes. */
const fileSlug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'export';

function sendFile(reply: FastifyReply, bytes: Buffer, contentType: string, fileName: string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

/** Reports on the company's own offers: what a desk head opens in the morning. */
export const insightRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const tags = ['insights'];
  const comparisonOf = (
    tenantId: string,
    inquiryId: string,
    query: { hide_suppliers: boolean; hide_customer: boolean },
  ) =>
    domain(
      offersComparison(
        db,
        tenantId,
        inquiryId,
        { hideSuppliers: query.hide_suppliers, hideCustomer: query.hide_customer },
        new Date(),
      ),
    );

  app.get(
    '/api/insights/prices',
    {
      schema: {
        operationId: 'getPriceHistory',
        summary:
          'Per port-time day with offers for a grade at a port: the lowest, median and highest offered price, the offers counted and the awarded average (USD per MT; the last 90 days unless from/to say otherwise)',
        tags,
        querystring: priceHistoryQuery,
        response: { 200: priceHistoryResponse, ...errorResponses(400) },
      },
    },
    async (request) => ({
      items: (await priceHistory(db, request.auth.tenantId, request.query, new Date())).days,
    }),
  );

  app.get(
    '/api/inquiries/:id/last-done',
    {
      schema: {
        operationId: 'getLastDone',
        summary:
          'Per fuel line of an inquiry, the price last awarded for its grade at its port (the company’s other inquiries)',
        tags,
        params: idParams,
        response: { 200: lastDoneResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({ items: await domain(lastDone(db, request.auth.tenantId, request.params.id)) }),
  );

  app.get(
    '/api/insights/prices.xlsx',
    {
      schema: {
        operationId: 'exportPriceHistory',
        summary: 'The price history as an XLSX workbook (the same filters as its JSON)',
        tags,
        querystring: priceHistoryQuery,
        response: { 200: fileResponse('The workbook (XLSX)'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const {
        portName: port,
        from,
        to,
        days,
      } = await priceHistory(db, request.auth.tenantId, request.query, new Date());
      const bytes = await pricesWorkbook(days, {
        product: request.query.product,
        port: port ?? 'the port',
        from,
        to,
      });
      return sendFile(
        reply,
        bytes,
        XLSX_CONTENT_TYPE,
        `prices-${fileSlug(`${port ?? 'port'} ${request.query.product}`)}.xlsx`,
      );
    },
  );

  app.get(
    '/api/inquiries/:id/offers.xlsx',
    {
      schema: {
        operationId: 'exportOffers',
        summary:
          'The offers compared as an XLSX workbook; hide_suppliers=1 names them Supplier A, B…, hide_customer=1 leaves the customer out',
        tags,
        params: idParams,
        querystring: offersExportQuery,
        response: { 200: fileResponse('The workbook (XLSX)'), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const comparison = await comparisonOf(request.auth.tenantId, request.params.id, request.query);
      const bytes = await offersWorkbook(comparison);
      return sendFile(reply, bytes, XLSX_CONTENT_TYPE, `offers-${fileSlug(comparison.vessel)}.xlsx`);
    },
  );

  app.get(
    '/api/inquiries/:id/offers.pdf',
    {
      schema: {
        operationId: 'exportOffersPdf',
        summary:
          'The offers compared as a PDF (the same content as the workbook); hide_suppliers=1 names them Supplier A, B…, hide_customer=1 leaves the customer out',
        tags,
        params: idParams,
        querystring: offersExportQuery,
        response: { 200: fileResponse('The document (PDF)'), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const comparison = await comparisonOf(request.auth.tenantId, request.params.id, request.query);
      const bytes = await offersPdf(comparison);
      return sendFile(reply, bytes, 'application/pdf', `offers-${fileSlug(comparison.vessel)}.pdf`);
    },
  );

  app.get(
    '/api/insights/suppliers',
    {
      schema: {
        operationId: 'getSupplierScorecards',
        summary:
          'Per supplier over the inquiries sent to it in the period (the last 90 days unless from/to say otherwise): response, decline and win rates, median response time, how far its offers were above the best, stems delivered, claims and flagged invoices',
        tags,
        querystring: supplierScorecardQuery,
        response: { 200: supplierScorecardsResponse, ...errorResponses(400) },
      },
    },
    async (request) => ({
      items: await supplierScorecards(db, request.auth.tenantId, request.query, new Date()),
    }),
  );

  app.get(
    '/api/insights/suppliers.xlsx',
    {
      schema: {
        operationId: 'exportSupplierScorecards',
        summary: 'The supplier scorecards as an XLSX workbook (the same filters as their JSON)',
        tags,
        querystring: supplierScorecardQuery,
        response: { 200: fileResponse('The workbook (XLSX)'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const scorecards = await supplierScorecards(db, request.auth.tenantId, request.query, now);
      const period = reportPeriod(request.query, now);
      const bytes = await scorecardsWorkbook(scorecards, period);
      return sendFile(
        reply,
        bytes,
        XLSX_CONTENT_TYPE,
        `supplier-scorecards-${period.from}-${period.to}.xlsx`,
      );
    },
  );

  app.get(
    '/api/insights/margins',
    {
      schema: {
        operationId: 'getMargins',
        summary:
          'Per month (port time), customer and grade of the stems made in the period (the last 90 days unless from/to say otherwise): the margin and commission earned',
        tags,
        querystring: marginsQuery,
        response: { 200: marginsResponse, ...errorResponses(400) },
      },
    },
    async (request) => ({ items: await margins(db, request.auth.tenantId, request.query, new Date()) }),
  );
};
