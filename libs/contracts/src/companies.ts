import { z } from 'zod';
import { SUPPLIER_COMPANY_COUNTRY_PLACEHOLDER, SUPPLIER_STATUSES } from './constants';
import { enumField, optionalText, requiredText } from './fields';

export const COMPANY_TYPES = ['customer', 'supplier'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** A country, or the spec's 'XX' while a supplier company's country is not known. */
const companyCountry = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Country must be a 2-letter ISO country code')
      .nullish(),
  )
  .transform((v) => v ?? SUPPLIER_COMPANY_COUNTRY_PLACEHOLDER);

/** POST /api/companies (spec: type, legal_name, brand_name, country, status) — supplier companies. */
export const supplierCompanyCreate = z.object({
  type: z.literal('supplier', {
    error: "Type must be 'supplier' (customers are added on the Customers page)",
  }),
  legal_name: requiredText('Legal name', 200),
  brand_name: optionalText('Brand name', 200),
  country: companyCountry,
  status: enumField('Status', SUPPLIER_STATUSES).default('active'),
});
export type SupplierCompanyCreate = z.input<typeof supplierCompanyCreate>;

/** PUT /api/companies/{id}: the admin's company list edits these for either kind. */
export const companyUpdate = z.object({
  legal_name: requiredText('Legal name', 200),
  brand_name: optionalText('Brand name', 200),
  country: companyCountry,
  city: optionalText('City', 100),
  status: enumField('Status', SUPPLIER_STATUSES),
});
export type CompanyUpdate = z.input<typeof companyUpdate>;

export const companyQuery = z.object({ type: enumField('Type', COMPANY_TYPES).optional() });

export const company = z.object({
  id: z.uuid(),
  type: z.enum(COMPANY_TYPES),
  legal_name: z.string(),
  brand_name: z.string().nullable(),
  display_name: z.string(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  status: z.enum(SUPPLIER_STATUSES),
  general_email: z.string().nullable(),
  inquiry_count: z.number().int(),
  suppliers_count: z.number().int(),
  created_at: z.string(),
});
export type Company = z.infer<typeof company>;
