import { z } from 'zod';
import { SELLING_TERMS, DEFAULT_SELLING_TERMS, SHIP_TYPES, SHIP_TYPES_CREATE } from './constants';
import {
  countryCode,
  enumField,
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalUrl,
  requiredEmail,
  requiredPhone,
  requiredText,
} from './fields';

/** Older records and clients send primary_email / primary_phone; they stand in for the general ones. */
function withLegacyContactFields(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const v = input as Record<string, unknown>;
  return {
    ...v,
    general_email: v.general_email ?? v.primary_email,
    main_phone: v.main_phone ?? v.primary_phone,
  };
}

/** Spec §5 "Create customer": every field but the website is required; ship type from the create list. */
export const customerCreate = z.preprocess(
  withLegacyContactFields,
  z.object({
    legal_entity_name: requiredText('Legal entity name', 200),
    address: requiredText('Address', 300),
    general_email: requiredEmail('General email'),
    main_phone: requiredPhone('Main phone'),
    website: optionalUrl(),
    contact_name: requiredText('Contact name', 200),
    contact_phone: requiredPhone('Contact phone'),
    contact_email: requiredEmail('Contact email'),
    selling_terms: enumField('Selling terms', SELLING_TERMS).default(DEFAULT_SELLING_TERMS),
    main_ship_type: enumField('Main ship type', SHIP_TYPES_CREATE),
  }),
);
export type CustomerCreate = z.input<typeof customerCreate>;

/** Spec §5 "Edit customer": legal name, street address, city, country, e-mail and phone required. */
export const customerUpdate = z.preprocess(
  withLegacyContactFields,
  z.object({
    legal_entity_name: requiredText('Legal entity name', 200),
    brand_name: optionalText('Brand name', 200),
    trading_name: optionalText('Trading name', 200),
    address: requiredText('Street address', 300),
    city: requiredText('City', 100),
    state_province: optionalText('State / province', 100),
    country: countryCode(),
    postal_code: optionalText('Postal code', 20),
    general_email: requiredEmail('Primary email'),
    main_phone: requiredPhone('Primary phone'),
    website: optionalUrl(),
    registration_number: optionalText('Registration number', 50),
    tax_id: optionalText('Tax ID', 50),
    contact_name: optionalText('Contact name', 200),
    contact_position: optionalText('Contact position', 100),
    contact_email: optionalEmail('Contact email'),
    contact_phone: optionalPhone('Contact phone'),
    notes: optionalText('Notes', 4000),
    selling_terms: enumField('Selling terms', SELLING_TERMS).default(DEFAULT_SELLING_TERMS),
    main_ship_type: enumField('Main ship type', SHIP_TYPES).nullish().transform((v) => v ?? null),
  }),
);
export type CustomerUpdate = z.input<typeof customerUpdate>;

export const customer = z.object({
  id: z.uuid(),
  type: z.literal('customer'),
  legal_entity_name: z.string(),
  brand_name: z.string().nullable(),
  trading_name: z.string().nullable(),
  display_name: z.string(),
  contact_name: z.string().nullable(),
  contact_position: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  general_email: z.string().nullable(),
  main_phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state_province: z.string().nullable(),
  country: z.string().nullable(),
  postal_code: z.string().nullable(),
  registration_number: z.string().nullable(),
  tax_id: z.string().nullable(),
  notes: z.string().nullable(),
  selling_terms: z.string(),
  main_ship_type: z.string().nullable(),
  inquiry_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customer>;

export const customerListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const customerStats = z.object({
  total_customers: z.number().int(),
  active_customers: z.number().int(),
  total_inquiries: z.number().int(),
});
export type CustomerStats = z.infer<typeof customerStats>;

/** A typeahead result (spec: display_name, name, subtitle). */
export const customerSearchResult = z.object({
  id: z.uuid(),
  display_name: z.string(),
  name: z.string(),
  subtitle: z.string(),
  general_email: z.string().nullable(),
});
export type CustomerSearchResult = z.infer<typeof customerSearchResult>;
