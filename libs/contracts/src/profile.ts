import { z } from 'zod';
import { LIMITS } from './constants';
import {
  optionalEmail,
  optionalMultilineText,
  optionalPhone,
  optionalText,
  optionalUrl,
  requiredEmail,
  requiredText,
} from './fields';

export const personalDetails = z.object({
  name: requiredText('Name', 200),
  email: requiredEmail(),
  phone: optionalPhone(),
  position: optionalText('Position', 100),
  /** Asked only when the e-mail changes: the login address is not changed on a borrowed session alone. */
  current_password: z
    .string({ error: 'Current password must be text' })
    .max(LIMITS.passwordMaxLength)
    .nullish(),
});
export type PersonalDetails = z.infer<typeof personalDetails>;

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

export const companyDetails = z.object({
  name: requiredText('Company name', 200),
  legal_name: requiredText('Legal name', 200),
  address: requiredText('Address', 300),
  city: requiredText('City', 100),
  country: requiredText('Country', 100),
  postal_code: optionalText('Postal code', 20),
  phone: optionalPhone(),
  email: requiredEmail('Company email'),
  website: optionalUrl(),
  registration_number: optionalText('Registration number', 50),
});
export type CompanyDetails = z.infer<typeof companyDetails>;

export const emailSignature = z.object({
  full_name: optionalText('Full name', 200),
  title: optionalText('Title', 100),
  company_name: optionalText('Company name', 200),
  phone: optionalPhone(),
  email: optionalEmail(),
  website: optionalUrl(),
  address: optionalText('Address', 300),
  additional_info: optionalMultilineText('Additional info', 1000),
});
export type EmailSignature = z.infer<typeof emailSignature>;

/** A saved signature as answered and as carried by mail jobs. */
export const signatureView = z.object({
  full_name: z.string().nullable(),
  title: z.string().nullable(),
  company_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  additional_info: z.string().nullable(),
});
export type SignatureView = z.infer<typeof signatureView>;

/** What GET /api/profile answers: company fields may be empty until the user fills them. */
export const profile = z.object({
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  role: z.string(),
  /** The account's mailbox is proven now: mail to suppliers goes out only from one that is. */
  email_verified: z.boolean(),
  company: z.object({
    id: z.uuid(),
    name: z.string(),
    /** When the company signed up: a new company's supplier mail quotas are smaller at first. */
    created_at: z.string(),
    legal_name: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    postal_code: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    registration_number: z.string().nullable(),
    /** The company setting its stem references start with (its default until an admin sets one). */
    reference_prefix: z.string(),
  }),
  email_signature: signatureView,
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = z.object({ success: z.literal(true), profile });
