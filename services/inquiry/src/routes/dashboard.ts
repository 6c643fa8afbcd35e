import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard, stemDashboard, supplierStats } from '@mfd/contracts';
import { bearerToken } from '@mfd/service-kit';
import { countInquiries, recentInquiries } from '../data/inquiries.repository';
import { countOffers, recentOffers } from '../data/offers.repository';
import { stemDashboardRows } from '../data/stem-dashboard.repository';
import { dashboardCounts } from '../data/dashboard-figures.repository';
import { awardFigures } from '../domain/dashboard/award-figures';
import { utcMonthStart } from '../domain/dashboard/calendar-months';
import type { InquiryDeps } from '../deps';

const RECENT = 5;

export const dashboardRoutes: FastifyPluginAsyncZod<{ deps: InquiryDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get(
    '/api/dashboard',
    {
      schema: {
        operationId: 'getDashboard',
        summary:
          'The start page’s figures and the latest inquiries and offers; this month’s inquiries, the inquiries awaiting offers (distributed, no offer yet), stems awaiting delivery, claims within 72 hours of their time bar, the savings of this month’s awards against the mean comparable offer, the savings per customer and month and the tonnes awarded per grade and month (requested max of the awarded lines) over the last 12 months; months are UTC calendar months, a split award saves by its split landed cost',
        tags: ['dashboard'],
        response: { 200: dashboard },
      },
    },
    async (request) => {
      const tenantId = request.auth.tenantId;
      const now = new Date();
      const suppliers = deps.directory
        .get('/api/suppliers/stats', supplierStats, {
          token: bearerToken(request.headers.authorization),
          requestId: request.id,
        })
        .catch((err: unknown) => {
          // The cards still load when the directory is down; the supplier card shows a dash.
          request.log.warn({ err }, 'supplier stats unavailable');
          return null;
        });
      const [inquiries, offers, latestInquiries, latestOffers, supplierCounts, counts, awards] =
        await Promise.all([
          countInquiries(db, tenantId),
          countOffers(db, tenantId),
          recentInquiries(db, tenantId, RECENT),
          recentOffers(db, tenantId, RECENT),
          suppliers,
          dashboardCounts(db, tenantId, utcMonthStart(now), now),
          awardFigures(db, tenantId, now),
        ]);
      return {
        total_inquiries: inquiries.total,
        active_inquiries: inquiries.active,
        total_suppliers: supplierCounts?.total ?? null,
        total_offers: offers,
        recent_inquiries: latestInquiries.map((i) => ({ ...i, created_at: i.created_at.toISOString() })),
        recent_offers: latestOffers.map((o) => ({
          ...o,
          submitted_at: o.submitted_at?.toISOString() ?? null,
        })),
        ...counts,
        ...awards,
      };
    },
  );

  app.get(
    '/api/dashboard/stems',
    {
      schema: {
        operationId: 'getStemDashboard',
        summary:
          'Stems awaiting delivery, invoices due within 7 days and claims whose time bar ends within 72 hours',
        tags: ['dashboard'],
        response: { 200: stemDashboard },
      },
    },
    async (request) => stemDashboardRows(db, request.auth.tenantId, new Date()),
  );
};
