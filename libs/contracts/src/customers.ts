import { z } from 'zod';
import { SELLING_TERMS, SHIP_TYPES, SHIP_TYPES_CREATE } from './constants';
import {
  countryCode,
  enumField,
  optionalMultilineText,
  optionalText,
  optionalUrl,
  requiredEmail,
  requiredPhone,
  requiredText,
  searchText,
} from './fields';
import { replacementOf } from './replacement';

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

/**
 * Spec §5 "Create customer": every field but the website is required; ship type from the create
 * list. Add and Edit ask for the same required fields (CUSTOMER_REQUIRED_FIELDS), so the create
 * form also takes the city and country the edit rules require: editing a phone later never first
 * demands fields the trader was not asked for.
 */
export const customerCreate = z.preprocess(
  withLegacyContactFields,
  z.object({
    legal_entity_name: requiredText('Legal entity name', 200),
    address: requiredText('Address', 300),
    city: requiredText('City', 100),
    country: countryCode('Country'),
    general_email: requiredEmail('General email'),
    main_phone: requiredPhone('Main phone'),
    website: optionalUrl(),
    contact_name: requiredText('Contact name', 200),
    contact_phone: requiredPhone('Contact phone'),
    contact_email: requiredEmail('Contact email'),
    /** Left out: the company's default selling terms (its settings; GT&C until an admin sets them). */
    selling_terms: enumField('Selling terms', SELLING_TERMS).optional(),
    main_ship_type: enumField('Main ship type', SHIP_TYPES_CREATE),
  }),
);
export type CustomerCreate = z.input<typeof customerCreate>;

/** The labels the edit form shows, which the messages name. */
const EDIT_LABELS = {
  legal_entity_name: 'Legal entity name',
  brand_name: 'Brand name',
  trading_name: 'Trading name',
  address: 'Street address',
  city: 'City',
  state_province: 'State / province',
  country: 'Country',
  postal_code: 'Postal code',
  general_email: 'Primary email',
  main_phone: 'Primary phone',
  website: 'Website',
  registration_number: 'Registration number',
  tax_id: 'Tax ID',
  contact_name: 'Contact name',
  contact_position: 'Contact position',
  contact_email: 'Contact email',
  contact_phone: 'Contact phone',
  notes: 'Notes',
  selling_terms: 'Selling terms',
  main_ship_type: 'Main ship type',
} as const;

/** The fields Add and Edit Customer both require: the spec's create rules and its edit rules together. */
export const CUSTOMER_REQUIRED_FIELDS = [
  'legal_entity_name',
  'address',
  'city',
  'country',
  'general_email',
  'main_phone',
  'contact_name',
  'contact_phone',
  'contact_email',
  'main_ship_type',
] as const;

/**
 * Spec §5 "Edit customer" (legal name, street address, city, country, e-mail and phone), plus the
 * contact and ship type the create form required, so both ask for CUSTOMER_REQUIRED_FIELDS; no
 * defaults (see replacementOf).
 */
const customerFields = {
  legal_entity_name: requiredText(EDIT_LABELS.legal_entity_name, 200),
  brand_name: optionalText(EDIT_LABELS.brand_name, 200),
  trading_name: optionalText(EDIT_LABELS.trading_name, 200),
  address: requiredText(EDIT_LABELS.address, 300),
  city: requiredText(EDIT_LABELS.city, 100),
  state_province: optionalText(EDIT_LABELS.state_province, 100),
  country: countryCode(EDIT_LABELS.country),
  postal_code: optionalText(EDIT_LABELS.postal_code, 20),
  general_email: requiredEmail(EDIT_LABELS.general_email),
  main_phone: requiredPhone(EDIT_LABELS.main_phone),
  website: optionalUrl(EDIT_LABELS.website),
  registration_number: optionalText(EDIT_LABELS.registration_number, 50),
  tax_id: optionalText(EDIT_LABELS.tax_id, 50),
  contact_name: requiredText(EDIT_LABELS.contact_name, 200),
  contact_position: optionalText(EDIT_LABELS.contact_position, 100),
  contact_email: requiredEmail(EDIT_LABELS.contact_email),
  contact_phone: requiredPhone(EDIT_LABELS.contact_phone),
  notes: optionalMultilineText(EDIT_LABELS.notes, 4000),
  selling_terms: enumField(EDIT_LABELS.selling_terms, SELLING_TERMS),
  main_ship_type: enumField(EDIT_LABELS.main_ship_type, SHIP_TYPES),
};

/** PUT /api/customers/{id}: the whole customer, every field sent (null where it may be empty). */
export const customerUpdate = z.preprocess(
  withLegacyContactFields,
  replacementOf(customerFields, EDIT_LABELS),
);
export type CustomerUpdate = z.input<typeof customerUpdate>;

/** PATCH /api/customers/{id}: only the fields sent change, under the same edit rules. */
const customerPatchFields = z.object(customerFields).partial();
export const customerPatch = z.preprocess(withLegacyContactFields, customerPatchFields);
export type CustomerPatch = z.input<typeof customerPatchFields>;

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
  q: searchText().optional(),
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
