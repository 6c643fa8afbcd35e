import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inquirySummary, pageQuery } from '@mfd/contracts';
import { listInquiries } from '../data/inquiry.repository';
import type { InquiryDeps } from '../deps';

export const inquiryRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/api/inquiries',
    { schema: { tags: ['inquiries'], querystring: pageQuery, response: { 200: z.array(inquirySummary) } } },
    async (request) => {
      const rows = await listInquiries(db, request.auth.tenantId, request.query);
      return rows.map(({ inquiry, lines }) => ({
        id: inquiry.id,
        vessel_name: inquiry.vessel_name,
        imo: inquiry.imo,
        customer_name: inquiry.customer_name,
        port_name: inquiry.port_name,
        eta: inquiry.eta?.toISOString() ?? null,
        status: inquiry.status,
        products: lines.map((l) => ({
          id: l.id,
          product_id: l.product_id,
          product_name: l.product_name,
          quantity_mt_min: l.quantity_mt_min,
          quantity_mt_max: l.quantity_mt_max,
          iso_spec: l.iso_spec,
        })),
        products_count: lines.length,
        created_at: inquiry.created_at.toISOString(),
      }));
    },
  );
};
