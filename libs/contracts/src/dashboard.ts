import { z } from 'zod';

export const recentInquiry = z.object({
  id: z.uuid(),
  vessel_name: z.string(),
  port_name: z.string().nullable(),
  customer_name: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});

export const recentOffer = z.object({
  id: z.uuid(),
  inquiry_id: z.uuid(),
  vessel_name: z.string(),
  supplier_name: z.string().nullable(),
  status: z.string(),
  submitted_at: z.string().nullable(),
});

/** How many calendar months (the current one included) the dashboard's month series cover. */
export const DASHBOARD_MONTHS = 12;

/** A calendar month of UTC, the company-wide month of every dashboard figure: "2026-11". */
const month = z.string().regex(/^\d{4}-\d{2}$/);

/** What the awards of one customer in one month saved, summed (USD to the cent, as strings). */
export const customerMonthSavings = z.object({
  month,
  /** Null for inquiries recorded without a customer. */
  customer_name: z.string().nullable(),
  vs_average_usd: z.string(),
  vs_highest_usd: z.string(),
  /** The awards summed: whole and split awards with comparable offers, a split counted once. */
  awarded: z.number().int(),
});
export type CustomerMonthSavings = z.infer<typeof customerMonthSavings>;

/** Tonnes awarded of one grade in one month: the awarded lines' requested max quantity. */
export const monthGradeVolume = z.object({
  month,
  product: z.string(),
  quantity_mt: z.string(),
});
export type MonthGradeVolume = z.infer<typeof monthGradeVolume>;

export const dashboard = z.object({
  total_inquiries: z.number().int(),
  active_inquiries: z.number().int(),
  /** Null while the directory cannot be reached; the card then shows a dash. */
  total_suppliers: z.number().int().nullable(),
  total_offers: z.number().int(),
  recent_inquiries: z.array(recentInquiry),
  recent_offers: z.array(recentOffer),
  /** Inquiries created in the current UTC month. */
  inquiries_this_month: z.number().int(),
  /** Inquiries sent to suppliers that no offer has answered yet (status distributed). */
  awaiting_offers: z.number().int(),
  /** Stems sent or acknowledged, not yet delivered (the stem dashboard's list, counted whole). */
  stems_awaiting_delivery: z.number().int(),
  /** Open claims whose time bar ends within CLAIM_BAR_WITHIN_HOURS (the stem dashboard's window). */
  claims_near_time_bar: z.number().int(),
  /** The awards of the current UTC month: saved against the comparable offers' mean landed cost. */
  savings_this_month_usd: z.string(),
  /** The last DASHBOARD_MONTHS months, newest first, customers by name within a month. */
  savings_by_customer_month: z.array(customerMonthSavings),
  /** The last DASHBOARD_MONTHS months, oldest first, grades by name within a month. */
  awarded_volume_by_month: z.array(monthGradeVolume),
});
export type Dashboard = z.infer<typeof dashboard>;

/** Directory's supplier counts for a tenant (GET /api/suppliers/stats), read by the dashboard. */
export const supplierStats = z.object({ total: z.number().int(), active: z.number().int() });
export type SupplierStats = z.infer<typeof supplierStats>;
