import { z } from 'zod';
import { EMAIL_STATUSES, SUPPLIER_DEFAULT_TAG, SUPPLIER_STATUSES } from './constants';
import {
  enumField,
  isSingleLineText,
  optionalPhone,
  optionalText,
  requiredEmail,
  requiredText,
  searchText,
  singleLineMessage,
} from './fields';
import { replacementOf } from './replacement';

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
  .array(
    z
      .string()
      .trim()
      .min(1, 'Tags cannot be empty')
      .max(40, 'A tag is at most 40 characters')
      .refine(isSingleLineText, singleLineMessage('A tag')),
    { error: 'Tags must be a list' },
  )
  .max(20, 'At most 20 tags')
  .transform((list) => [...new Set(list)]);

/** A supplier's fields with no defaults: what PUT must send in full and PATCH may send in part. */
const supplierFields = {
  trading_name: requiredText('Trading name', 200),
  default_email: requiredEmail('Email'),
  default_phone: optionalPhone('Phone'),
  /** The supplier company. */
  company_id: z.uuid('Company must be a valid id'),
  status: enumField('Status', SUPPLIER_STATUSES),
  tags,
  is_default_for_ports: z.boolean({ error: 'Default for ports must be true or false' }),
  contacts: z
    .array(supplierContactInput, { error: 'Contacts must be a list' })
    .max(50, 'At most 50 contacts'),
  port_ids: z
    .array(z.uuid('Each port must be a valid id'), { error: 'Ports must be a list' })
    .max(500, 'At most 500 ports'),
};

/** POST /api/suppliers: Trading Name and Email required (spec §5); the company is made from the trading name when absent. */
export const supplierInput = z.object({
  ...supplierFields,
  company_id: supplierFields.company_id.nullish(),
  status: supplierFields.status.default('active'),
  tags: tags.default([SUPPLIER_DEFAULT_TAG]),
  is_default_for_ports: supplierFields.is_default_for_ports.default(false),
  contacts: supplierFields.contacts.default([]),
  port_ids: supplierFields.port_ids.default([]),
});
export type SupplierInput = z.input<typeof supplierInput>;

/** PUT /api/suppliers/{id}: the whole supplier, every field sent; contacts and ports are replaced by the ones given. */
export const supplierUpdate = replacementOf(supplierFields, {
  trading_name: 'Trading name',
  default_email: 'Email',
  default_phone: 'Phone',
  company_id: 'Company',
  status: 'Status',
  tags: 'Tags',
  is_default_for_ports: 'Default for ports',
  contacts: 'Contacts',
  port_ids: 'Ports',
});

/** PATCH /api/suppliers/{id}: only the fields sent change; contacts or ports, when sent, replace the old ones. */
export const supplierPatch = z.object(supplierFields).partial();
export type SupplierPatch = z.input<typeof supplierPatch>;

/**
 * Whether mail to an address reaches it: `bounced` once a mail to it hard-bounced (no such user or
 * domain), with when; `ok` otherwise. Kept per company and address, so every supplier and contact
 * of the company with that address shows it, and a changed address starts `ok`.
 */
export const emailDeliverability = {
  email_status: z.enum(EMAIL_STATUSES),
  email_bounced_at: z.string().nullable(),
};

export const supplierContact = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  ...emailDeliverability,
  phone: z.string().nullable(),
  role: z.string().nullable(),
  is_primary: z.boolean(),
});
export type SupplierContact = z.infer<typeof supplierContact>;

export const supplierPort = z.object({
  id: z.uuid(),
  unlocode: z.string(),
  name: z.string(),
  country: z.string(),
});

export const supplier = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  company_name: z.string(),
  trading_name: z.string(),
  default_email: z.string(),
  /** Of the default address. */
  ...emailDeliverability,
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

/** The most suppliers one list answers; a company's directory stays well under it. */
export const MAX_SUPPLIER_LIST = 1000;

export const supplierListQuery = z.object({
  q: searchText().optional(),
  status: enumField('Status', SUPPLIER_STATUSES).optional(),
  /** Comma-separated supplier ids: the ones of these the caller may see (services read many at once). */
  ids: z
    .string()
    .max(200 * 37, 'At most 200 ids')
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.uuid('Each id must be a valid id')).max(200, 'At most 200 ids'))
    .optional(),
  limit: z.coerce.number().int().min(1).max(MAX_SUPPLIER_LIST).default(MAX_SUPPLIER_LIST),
});
