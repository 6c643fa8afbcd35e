import { z } from 'zod';
import { INQUIRY_STATUSES } from './constants';

export const inquiryProductLine = z.object({
  id: z.uuid(),
  product_id: z.uuid().nullable(),
  product_name: z.string(),
  quantity_mt_min: z.string(),
  quantity_mt_max: z.string(),
  iso_spec: z.string(),
});

export const inquirySummary = z.object({
  id: z.uuid(),
  vessel_name: z.string(),
  imo: z.string().nullable(),
  customer_name: z.string().nullable(),
  port_name: z.string().nullable(),
  eta: z.string().nullable(),
  status: z.enum(INQUIRY_STATUSES),
  products: z.array(inquiryProductLine),
  products_count: z.number().int(),
  created_at: z.string(),
});
export type InquirySummary = z.infer<typeof inquirySummary>;
