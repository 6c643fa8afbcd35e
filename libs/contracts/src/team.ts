import { z } from 'zod';
import { DEFAULT_SELLING_TERMS, ROLES, SELLING_TERMS, type SellingTerms } from './constants';
import { signupRequest } from './auth';
import { enumField, requiredEmail } from './fields';
import { DEFAULT_REPLY_HOURS } from './offers';

/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;

/** `POST /api/company/invitations` (admins only). */
export const invitationCreate = z.object({
  email: requiredEmail(),
  role: enumField('Role', ROLES),
});
export type InvitationCreate = z.input<typeof invitationCreate>;

/** A pending invitation as the admin sees it. */
export const invitationView = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  expires_at: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** `GET /api/public/invitations/{token}`: what the join page shows before the account is made. */
export const publicInvitation = z.object({
  company_name: z.string(),
  inviter_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type PublicInvitation = z.infer<typeof publicInvitation>;

export const invitationTokenParams = z.object({
  token: z.string().min(16, 'Invalid invitation link').max(200, 'Invalid invitation link'),
});

/** `POST /api/public/invitations/{token}/accept`: sign-up's personal fields; company, e-mail and role come from the invitation. */
export const invitationAccept = signupRequest.pick({
  first_name: true,
  last_name: true,
  phone: true,
  password: true,
});
export type InvitationAccept = z.input<typeof invitationAccept>;

/** The join form: the request plus the confirmation that is checked here and never sent. */
export const joinForm = invitationAccept
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

/** The refusal of an invitation whose address already has an account (409). */
export const EMAIL_HAS_ACCOUNT =
  'This e-mail already has an account: ask your administrator to invite another address';
/** What a used, revoked or expired link answers (410). */
export const INVITATION_GONE = 'This invitation has been used, revoked or has expired.';
export const INVITATION_UNKNOWN = 'This invitation link is invalid.';

/** `GET /api/company/members`: a member of the company (`id` is the user's id). */
export const member = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  joined_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type Member = z.infer<typeof member>;

/** `PATCH /api/company/members/{id}` (admins only). */
export const memberRoleChange = z.object({ role: enumField('Role', ROLES) });

/** `DELETE /api/company/members/{id}` (admins only): whose the member's open inquiries become (the remover by default). */
export const memberRemoval = z.object({
  reassign_to: z.uuid('Reassign to must be a member of your company').optional(),
});

/** The last admin can be neither demoted nor removed (409). */
export const LAST_ADMIN =
  'The company needs at least one administrator: make another member an administrator first';

/** Company settings an admin edits; traders read them. */
export const companySettings = z.object({
  /** 2–6 capital letters or digits; answered as its default (the name's first three letters) until set. */
  reference_prefix: z.string(),
  default_reply_by_hours: z.number().int(),
  /** The selling terms a new customer starts with (a stem takes its customer's). */
  default_selling_terms: z.enum(SELLING_TERMS),
});
export type CompanySettings = z.infer<typeof companySettings>;

export const MAX_REPLY_BY_HOURS = 720;

export const companySettingsUpdate = z.object({
  reference_prefix: z
    .string({ error: 'Reference prefix is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,6}$/, 'Reference prefix must be 2 to 6 capital letters or digits'),
  default_reply_by_hours: z
    .number({ error: 'Default reply-by hours must be a whole number of hours' })
    .int('Default reply-by hours must be a whole number of hours')
    .min(1, 'Default reply-by hours must be at least 1')
    .max(MAX_REPLY_BY_HOURS, `Default reply-by hours must be at most ${MAX_REPLY_BY_HOURS}`),
  default_selling_terms: enumField('Default selling terms', SELLING_TERMS),
});
export type CompanySettingsUpdate = z.input<typeof companySettingsUpdate>;

/**
 * A company's reference prefix until an admin sets one: the first three letters of its name,
 * upper-cased (digits count; other characters are skipped); padded with X for a name too short.
 */
export function defaultReferencePrefix(companyName: string): string {
  const letters = companyName
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return letters.slice(0, 3).padEnd(2, 'X');
}

/** The settings as they answer: each unset one by its default. */
export function settingsOf(company: {
  name: string;
  reference_prefix: string | null;
  default_reply_by_hours: number | null;
  default_selling_terms: SellingTerms | null;
}): CompanySettings {
  return {
    reference_prefix: company.reference_prefix ?? defaultReferencePrefix(company.name),
    default_reply_by_hours: company.default_reply_by_hours ?? DEFAULT_REPLY_HOURS,
    default_selling_terms: company.default_selling_terms ?? DEFAULT_SELLING_TERMS,
  };
}
