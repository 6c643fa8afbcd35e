import { z } from 'zod';
import { SUPPLIER_DEFAULT_TAG, SUPPLIER_STATUSES } from './constants';
import { enumField, optionalPhone, optionalText, requiredEmail, requiredText } from './fields';

export const supplierContactInput = z.object({
  id: z.uuid().optional(),
  name: requiredText('Contact name', 200),
  email: requiredEmail('Contact email'),
  phone: optionalPhone('Contact phone'),
  role: optionalText('Contact role', 100),
  is_primary: z.boolean().default(false),
});
export type SupplierContactInput = z.input<typeof supplierContactInput>;

const tags = z
  .array(z.string().trim().min(1, 'Tags cannot be empty').max(40, 'A tag is at most 40 characters'))
  .max(20, 'At most 20 tags')
  .transform((list) => [...new Set(list)])
  .default([SUPPLIER_DEFAULT_TAG]);

/** POST /api/suppliers and PUT /api/suppliers/{id}: Trading Name and Email required (spec §5). */
export const supplierInput = z.object({
  trading_name: requiredText('Trading name', 200),
  default_email: requiredEmail('Email'),
  default_phone: optionalPhone('Phone'),
  /** The supplier company; made from the trading name when absent. */
  company_id: z.uuid('Company must be a valid id').nullish(),
  status: enumField('Status', SUPPLIER_STATUSES).default('active'),
  tags,
  is_default_for_ports: z.boolean().default(false),
  contacts: z.array(supplierContactInput).max(50, 'At most 50 contacts').default([]),
  port_ids: z.array(z.uuid('Each port must be a valid id')).max(500, 'At most 500 ports').default([]),
});
export type SupplierInput = z.input<typeof supplierInput>;

export const supplierContact = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  is_primary: z.boolean(),
});
export type SupplierContact = z.infer<typeof supplierContact>;

export const supplierPort = z.object({ id: z.uuid(), unlocode: z.string(), name: z.string(), country: z.string() });

export const supplier = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  company_name: z.string(),
  trading_name: z.string(),
  default_email: z.string(),
  default_phone: z.string().nullable(),
  status: z.enum(SUPPLIER_STATUSES),
  tags: z.array(z.string()),
  is_default_for_ports: z.boolean(),
  contacts: z.array(supplierContact),
  ports: z.array(supplierPort),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Supplier = z.infer<typeof supplier>;

export const supplierListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: enumField('Status', SUPPLIER_STATUSES).optional(),
});
