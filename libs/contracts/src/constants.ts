/** Business constants of spec section 9. The web app and every service import these. */

export const PRODUCT_NAME = 'Marine Fuel Distribution';

export const ROLES = ['trader', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'trader';
/** How a role reads in the sign-up select. */
export const ROLE_LABELS: Record<Role, string> = { trader: 'Trader/Broker', admin: 'Administrator' };
/** How a role reads in the navigation badge. */
export const ROLE_BADGES: Record<Role, string> = { trader: 'Trader', admin: 'Admin' };

export const FUEL_TYPES = [
  { code: 'HSFO', sulfurMax: '3.5', name: 'High Sulphur Fuel Oil' },
  { code: 'VLSFO', sulfurMax: '0.5', name: 'Very Low Sulphur Fuel Oil' },
  { code: 'MGO', sulfurMax: '0.1', name: 'Marine Gas Oil' },
] as const;
export type FuelCode = (typeof FUEL_TYPES)[number]['code'];

export const ISO_SPECS = ['ISO8217:2005', 'ISO8217:2010', 'ISO8217:2017', 'ISO8217:2024'] as const;
export type IsoSpec = (typeof ISO_SPECS)[number];
export const DEFAULT_ISO_SPEC: IsoSpec = 'ISO8217:2017';

export const SHIP_TYPES_CREATE = [
  'Container Ship',
  'Bulk Carrier',
  'Tanker',
  'General Cargo',
  'RoRo',
  'Cruise Ship',
  'Ferry',
  'LNG Carrier',
  'Chemical Tanker',
  'Car Carrier',
  'Reefer Ship',
  'Heavy Lift Vessel',
] as const;
export const SHIP_TYPES_EDIT = [
  'container',
  'tanker',
  'bulk',
  'general',
  'cruise',
  'offshore',
  'mixed',
] as const;
/** A customer keeps whichever list it was written with: create uses the first, edit the second. */
export const SHIP_TYPES = [...SHIP_TYPES_CREATE, ...SHIP_TYPES_EDIT] as const;

export const SELLING_TERMS = ['GT&C', 'BIMCO 2018 (Bunkering)'] as const;
export type SellingTerms = (typeof SELLING_TERMS)[number];
export const DEFAULT_SELLING_TERMS: SellingTerms = 'GT&C';

export const TIMEZONES = [
  'UTC',
  'Europe/London',
  'Europe/Amsterdam',
  'Europe/Berlin',
  'Asia/Singapore',
  'Asia/Dubai',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'America/New_York',
  'America/Los_Angeles',
  'America/Chicago',
  'Australia/Sydney',
] as const;
export const DEFAULT_TIMEZONE = 'UTC';

export const INQUIRY_STATUSES = ['draft', 'distributed', 'quoting', 'awarded', 'cancelled'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
/** Open inquiries: editable, and counted as Active on the dashboard. */
export const ACTIVE_INQUIRY_STATUSES = [
  'draft',
  'distributed',
  'quoting',
] as const satisfies readonly InquiryStatus[];
export const OFFER_STATUSES = ['draft', 'submitted', 'awarded', 'not_awarded', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const SUPPLIER_STATUSES = ['active', 'inactive'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];
/**
 * Delivery states of one mail, the one list the mailer, its events and every screen use.
 * `sent_unconfirmed`: given up after an attempt whose outcome is unknown (the sender stopped
 * or the connection dropped mid-send), so the mail may have been delivered. `bounced`: a server
 * took the mail, then a delivery status notification said it never reached the mailbox.
 */
export const MAIL_STATUSES = [
  'queued',
  'sending',
  'retrying',
  'sent',
  'sent_unconfirmed',
  'failed',
  'bounced',
] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
/** States the mailer never leaves (but see `mailMayBounce`): the producer's outbox row is confirmed by one of these. */
export const FINAL_MAIL_STATUSES = [
  'sent',
  'sent_unconfirmed',
  'failed',
  'bounced',
] as const satisfies readonly MailStatus[];
export type FinalMailStatus = (typeof FINAL_MAIL_STATUSES)[number];
export const isFinalMailStatus = (status: MailStatus): status is FinalMailStatus =>
  (FINAL_MAIL_STATUSES as readonly MailStatus[]).includes(status);
/**
 * The one way out of a final state: a mail a server took (or may have taken) can come back as a
 * bounce hours later, and then it is `bounced`.
 */
export const BOUNCEABLE_MAIL_STATUSES = ['sent', 'sent_unconfirmed'] as const satisfies readonly MailStatus[];
export const mailMayBounce = (status: MailStatus) =>
  (BOUNCEABLE_MAIL_STATUSES as readonly MailStatus[]).includes(status);

/** Whether mail to an address is known to reach it: `bounced` after a hard bounce (the directory's flag). */
export const EMAIL_STATUSES = ['ok', 'bounced'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const SUPPLIER_DEFAULT_TAG = 'General';
export const SUPPLIER_COMPANY_COUNTRY_PLACEHOLDER = 'XX';
export const DEFAULT_PHONE_COUNTRY = 'US';

export const LIMITS = {
  passwordMinLength: 8,
  passwordMaxLength: 256,
  unlocodeLength: 5,
  countryCodeLength: 2,
  searchMinChars: 2,
  searchDebounceMs: 300,
  addNewMinChars: 3,
  addNewDelayMs: 500,
  resetRedirectMs: 3000,
  inquiryRedirectMs: 1500,
  quantityStepMt: 0.1,
  resetTokenTtlMinutes: 60,
  /** Port statistics list this many countries. */
  topCountries: 6,
} as const;

export interface BuiltInPort {
  unlocode: string;
  name: string;
  country: string;
  region: string;
  timezone: (typeof TIMEZONES)[number];
  lat: number;
  lon: number;
}

/** The spec's ten built-in ports, with their UN/LOCODE coordinates. */
export const BUILT_IN_PORTS: readonly BuiltInPort[] = [
  {
    unlocode: 'SGSIN',
    name: 'Singapore',
    country: 'SG',
    region: 'Asia',
    timezone: 'Asia/Singapore',
    lat: 1.2833,
    lon: 103.8333,
  },
  {
    unlocode: 'NLRTM',
    name: 'Rotterdam',
    country: 'NL',
    region: 'Europe',
    timezone: 'Europe/Amsterdam',
    lat: 51.9167,
    lon: 4.5,
  },
  {
    unlocode: 'AEJEA',
    name: 'Jebel Ali',
    country: 'AE',
    region: 'Middle East',
    timezone: 'Asia/Dubai',
    lat: 25.0,
    lon: 55.05,
  },
  {
    unlocode: 'USNYC',
    name: 'New York',
    country: 'US',
    region: 'North America',
    timezone: 'America/New_York',
    lat: 40.7,
    lon: -74.0,
  },
  {
    unlocode: 'CNSHA',
    name: 'Shanghai',
    country: 'CN',
    region: 'Asia',
    timezone: 'Asia/Shanghai',
    lat: 31.2333,
    lon: 121.4833,
  },
  {
    unlocode: 'USHOU',
    name: 'Houston',
    country: 'US',
    region: 'North America',
    timezone: 'America/Chicago',
    lat: 29.75,
    lon: -95.3667,
  },
  {
    unlocode: 'JPYOK',
    name: 'Yokohama',
    country: 'JP',
    region: 'Asia',
    timezone: 'Asia/Tokyo',
    lat: 35.45,
    lon: 139.6333,
  },
  {
    unlocode: 'GBFXT',
    name: 'Felixstowe',
    country: 'GB',
    region: 'Europe',
    timezone: 'Europe/London',
    lat: 51.95,
    lon: 1.35,
  },
  {
    unlocode: 'DEHAM',
    name: 'Hamburg',
    country: 'DE',
    region: 'Europe',
    timezone: 'Europe/Berlin',
    lat: 53.55,
    lon: 9.9833,
  },
  {
    unlocode: 'AUSYD',
    name: 'Sydney',
    country: 'AU',
    region: 'Oceania',
    timezone: 'Australia/Sydney',
    lat: -33.8667,
    lon: 151.2167,
  },
];
