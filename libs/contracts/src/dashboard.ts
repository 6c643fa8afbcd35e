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

export const dashboard = z.object({
  total_inquiries: z.number().int(),
  active_inquiries: z.number().int(),
  /** Null while the directory cannot be reached; the card then shows a dash. */
  total_suppliers: z.number().int().nullable(),
  total_offers: z.number().int(),
  recent_inquiries: z.array(recentInquiry),
  recent_offers: z.array(recentOffer),
});
export type Dashboard = z.infer<typeof dashboard>;

/** Directory's supplier counts for a tenant (GET /api/suppliers/stats), read by the dashboard. */
export const supplierStats = z.object({ total: z.number().int(), active: z.number().int() });
export type SupplierStats = z.infer<typeof supplierStats>;
