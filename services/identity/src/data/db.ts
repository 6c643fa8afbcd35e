import type { ColumnType } from 'kysely';
import type { Role, SellingTerms } from '@mfd/contracts';
import type { WithOutbox } from '@mfd/queue';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;

/** A tenant: the trading company a user signs up with. */
export interface TradingCompaniesTable {
  id: string;
  name: string;
  legal_name: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  registration_number: string | null;
  /** The company settings an admin edits; null until set (the defaults answer then). */
  reference_prefix: ColumnType<string | null, string | null | undefined, string | null>;
  default_reply_by_hours: ColumnType<number | null, number | null | undefined, number | null>;
  default_selling_terms: ColumnType<
    SellingTerms | null,
    SellingTerms | null | undefined,
    SellingTerms | null
  >;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: string;
  company_id: string;
  /** Stored lower-cased; unique on lower(email) among accounts not removed (a removed member's may be invited again). */
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  position: string | null;
  role: Role;
  /** Granted by the operator CLI; counts only once the e-mail is verified. */
  operator: ColumnType<boolean, boolean | undefined, boolean>;
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  password_hash: string;
  password_changed_at: ColumnType<Date, Date | undefined, Date>;
  /** Removed from the company by an admin: cannot sign in; the row stays so records keep the name. */
  removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  removed_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One row per issued access token: the token id (jti) is the session id. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  /** sha256 of the token; the token itself only ever travels in the mail. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface EmailVerificationTokensTable {
  id: string;
  user_id: string;
  /** The address the link proves. */
  email: string;
  /** sha256 of the token; the token itself only ever travels in the mail. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface EmailSignaturesTable {
  user_id: string;
  full_name: string | null;
  title: string | null;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  address: string | null;
  additional_info: string | null;
  updated_at: UpdatedAt;
}

export interface InvitationsTable {
  id: string;
  company_id: string;
  email: string;
  role: Role;
  token_hash: string;
  invited_by: string;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  accepted_at: Date | null;
  accepted_user_id: string | null;
}

export interface IdentityDB extends WithOutbox {
  invitations: InvitationsTable;
  trading_companies: TradingCompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_verification_tokens: EmailVerificationTokensTable;
  email_signatures: EmailSignaturesTable;
}
