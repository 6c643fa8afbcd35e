import { z } from 'zod';
import { DEFAULT_TIMEZONE } from './constants';
import { countryCode, optionalPhone, optionalText, requiredEmail, requiredText, searchText } from './fields';

export const UNLOCODE_FORMAT_MESSAGE = 'Please enter a valid 5-character UN/LOCODE (e.g., SGSIN).';

export function unlocodeNotFoundMessage(code: string): string {
  return `UN/LOCODE ${code} not found in our database. Please enter details manually.`;
}

/** A lookup or an add of a code the caller already sees (ports are unique by UN/LOCODE within what a company sees). */
export function portExistsMessage(code: string): string {
  return `A port with UN/LOCODE ${code} already exists`;
}

/** Said when a port added by a company (not shared yet) is added, approved or rejected. */
export const PORT_PENDING_NOTE = 'Only your company sees it until a platform operator approves it.';
export const PORT_ALREADY_SHARED = 'This port is already shared with every company';
export const PORT_APPROVED = 'Port approved: every company now sees it.';
export function portMergedMessage(code: string): string {
  return `Port approved: merged into the shared port ${code}, with its suppliers and inquiries.`;
}
export const PORT_REJECTED = 'Port not shared: it stays with the company that added it.';

/** Any IANA zone the runtime knows (the UI offers the spec's twelve). */
export function isTimeZone(value: string): boolean {
  if (value === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const unlocode = z
  .string({ error: 'UN/LOCODE is required' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'UN/LOCODE is required', abort: true })
  .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, UNLOCODE_FORMAT_MESSAGE);

const coordinate = (label: string, limit: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`)
    .nullish()
    .transform((v) => v ?? null);

/**
 * A port name, typed or imported: every company sees it and exports may carry it, so it may not
 * start like a spreadsheet formula nor hold an HTML tag.
 */
export const portName = requiredText('Name', 200)
  .refine((v) => !/^[=+\-@]/.test(v), 'Name must not start with =, +, - or @')
  .refine((v) => !/<[a-z!/?]/i.test(v), 'Name must not contain HTML tags');

/** Spec §5 Port: name, UN/LOCODE and country required, upper-cased; lat/lon numeric. */
export const portInput = z
  .object({
    unlocode,
    name: portName,
    country: z
      .string({ error: 'Country is required' })
      .trim()
      .toUpperCase()
      .min(1, { error: 'Country is required', abort: true })
      .regex(/^[A-Z]{2}$/, 'Country must be a 2-letter ISO country code'),
    region: optionalText('Region', 100),
    timezone: z
      .string()
      .trim()
      .refine(isTimeZone, 'Timezone must be an IANA time zone such as Asia/Singapore')
      .default(DEFAULT_TIMEZONE),
    lat: coordinate('Latitude', 90),
    lon: coordinate('Longitude', 180),
  })
  .refine((p) => p.unlocode.slice(0, 2) === p.country, {
    path: ['country'],
    message: 'Country must match the first two letters of the UN/LOCODE',
  })
  .refine((p) => (p.lat === null) === (p.lon === null), {
    path: ['lon'],
    message: 'Give both latitude and longitude, or neither',
  });
export type PortInput = z.input<typeof portInput>;

export const port = z.object({
  id: z.uuid(),
  unlocode: z.string(),
  name: z.string(),
  country: z.string(),
  subdivision: z.string().nullable(),
  region: z.string().nullable(),
  timezone: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  source: z.string(),
  /** Not shared: added by the caller's company, which alone sees it until a platform operator approves it. */
  pending: z.boolean(),
});
export type Port = z.infer<typeof port>;

/** Admin › Ports' review list (platform operators): ports companies added, not shared yet. */
export const pendingPort = port.extend({
  created_at: z.string(),
  /** The suppliers (of the company that added it) covering it. */
  suppliers_count: z.number().int(),
});
export type PendingPort = z.infer<typeof pendingPort>;

/** The review list is short by nature (ports not in UN/LOCODE); this bounds one answer. */
export const MAX_PENDING_PORTS = 500;

export const portListQuery = z.object({
  q: searchText().optional(),
  country: countryCode().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const portSearchResult = z.object({
  id: z.uuid(),
  unlocode: z.string(),
  name: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  timezone: z.string(),
  display_name: z.string(),
  subtitle: z.string(),
  pending: z.boolean(),
});
export type PortSearchResult = z.infer<typeof portSearchResult>;

export const countCount = z.object({ _id: z.string(), count: z.number().int() });
export const portStats = z.object({
  success: z.literal(true),
  total_ports: z.number().int(),
  by_country: z.array(countCount),
  by_region: z.array(countCount),
});
export type PortStats = z.infer<typeof portStats>;

export const portLookup = z.object({ success: z.literal(true), port, detail: z.string() });

/** The Add New Port dialog's optional supplier: created only when both name and e-mail are given. */
export const inlineSupplier = z.object({
  trading_name: requiredText('Supplier trading name', 200),
  email: requiredEmail('Supplier email'),
  phone: optionalPhone('Supplier phone'),
});

export const portDetailedRequest = z.object({
  port: portInput,
  suppliers: z.array(z.uuid('Each supplier must be a valid id')).max(200).default([]),
  new_supplier: inlineSupplier.nullish(),
});
export type PortDetailedRequest = z.input<typeof portDetailedRequest>;

export const portDetailedResponse = z.object({
  success: z.literal(true),
  port_id: z.uuid(),
  suppliers_linked: z.number().int(),
  new_supplier_id: z.uuid().nullable(),
  /** The port is the caller's company's own until a platform operator approves it. */
  pending: z.boolean(),
  detail: z.string(),
});

export const portCreatedResponse = z.object({
  success: z.literal(true),
  id: z.uuid(),
  port_id: z.uuid(),
  pending: z.boolean(),
  detail: z.string(),
});

export const importSkip = z.object({
  line: z.number().int(),
  reason: z.string(),
  unlocode: z.string().nullable(),
});
export const portImportResult = z.object({
  success: z.literal(true),
  message: z.string(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  total_processed: z.number().int(),
  /** The first skipped rows (at most PORT_IMPORT_SKIPS_SHOWN); skipped_total counts them all. */
  skipped: z.array(importSkip),
  skipped_total: z.number().int(),
});
export const PORT_IMPORT_SKIPS_SHOWN = 100;
export type PortImportResult = z.infer<typeof portImportResult>;
