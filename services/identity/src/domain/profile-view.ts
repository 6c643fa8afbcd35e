import type { findProfile } from '../data/profile.repository';
import { defaultReferencePrefix } from '@mfd/contracts';
import { fullName } from './names';

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** A user's profile as the API answers it (their own, or a colleague's for the supplier mails). */
export function profileView(p: ProfileRow) {
  return {
    success: true as const,
    profile: {
      name: fullName(p),
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email,
      phone: p.phone,
      position: p.position,
      role: p.role,
      email_verified: p.email_verified_at !== null,
      company: {
        id: p.company_id,
        name: p.company_name,
        created_at: p.company_created_at.toISOString(),
        legal_name: p.company_legal_name,
        address: p.company_address,
        city: p.company_city,
        country: p.company_country,
        postal_code: p.company_postal_code,
        phone: p.company_phone,
        email: p.company_email,
        website: p.company_website,
        registration_number: p.company_registration_number,
        reference_prefix: p.company_reference_prefix ?? defaultReferencePrefix(p.company_name),
      },
      email_signature: {
        full_name: p.sig_full_name,
        title: p.sig_title,
        company_name: p.sig_company_name,
        phone: p.sig_phone,
        email: p.sig_email,
        website: p.sig_website,
        address: p.sig_address,
        additional_info: p.sig_additional_info,
      },
    },
  };
}
