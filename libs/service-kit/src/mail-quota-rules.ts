import { z } from 'zod';

/**
 * The two quotas on a company's mail to suppliers, as named in metrics and answers: distinct
 * recipient addresses per rolling 24 hours (an address mailed twice counts once) and mails per
 * rolling hour.
 */
export const MAIL_QUOTA_LIMITS = ['recipients_per_day', 'mails_per_hour'] as const;
export type MailQuotaLimit = (typeof MAIL_QUOTA_LIMITS)[number];

/** The rolling window of each quota. */
export const MAIL_QUOTA_WINDOW_MS: Record<MailQuotaLimit, number> = {
  recipients_per_day: 24 * 3_600_000,
  mails_per_hour: 3_600_000,
};

/** A company this young (by its sign-up) gets a fifth of each quota: a free sign-up is no relay. */
export const NEW_COMPANY_DAYS = 7;
const NEW_COMPANY_SHARE = 5;

/** The settings of every service that mails suppliers (inquiry now; identity's invitations later). */
export const mailQuotaSettings = {
  MAIL_QUOTA_NEW_RECIPIENTS_PER_DAY: z.coerce.number().int().min(1).default(500),
  MAIL_QUOTA_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(1000),
};
export type MailQuotaSettings = {
  [K in keyof typeof mailQuotaSettings]: z.output<(typeof mailQuotaSettings)[K]>;
};

export interface CompanyQuotas {
  limits: Record<MailQuotaLimit, number>;
  /** In its first days: the limits are a fifth of the settings. */
  reduced: boolean;
}

/** The quotas a company has now: the settings, or a fifth of them (at least 1) in its first 7 days. */
export function companyQuotas(settings: MailQuotaSettings, companyCreatedAt: Date, now: Date): CompanyQuotas {
  const reduced = now.getTime() - companyCreatedAt.getTime() < NEW_COMPANY_DAYS * 24 * 3_600_000;
  const share = (limit: number) => (reduced ? Math.max(1, Math.floor(limit / NEW_COMPANY_SHARE)) : limit);
  return {
    limits: {
      recipients_per_day: share(settings.MAIL_QUOTA_NEW_RECIPIENTS_PER_DAY),
      mails_per_hour: share(settings.MAIL_QUOTA_MAILS_PER_HOUR),
    },
    reduced,
  };
}

/** A wait in words, rounded up: minutes below two hours, hours above. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

const LIMIT_NAMES: Record<MailQuotaLimit, (limit: number) => string> = {
  recipients_per_day: (n) => `${n} recipient addresses per 24 hours`,
  mails_per_hour: (n) => `${n} supplier mails per hour`,
};

/** How one refused limit is refused: wait this long, or the request alone is larger than the limit. */
export type Refusal = { limit: MailQuotaLimit; waitSeconds: number; tooLarge: boolean };

/**
 * The 429's detail: which of the company's limits the request would exceed and what to do, e.g.
 * "Your company has reached its limit of 100 recipient addresses per 24 hours (a fifth of the
 * usual in its first 7 days). Nothing was sent: try again in 3 hours."
 */
export function quotaRefusalDetail(refusals: Refusal[], quotas: CompanyQuotas): string {
  const names = refusals.map((r) => LIMIT_NAMES[r.limit](quotas.limits[r.limit])).join(' and ');
  const reduced = quotas.reduced ? ` (a fifth of the usual in its first ${NEW_COMPANY_DAYS} days)` : '';
  if (refusals.some((r) => r.tooLarge))
    return `This is more than your company’s limit of ${names}${reduced} allows at once. Nothing was sent: send to fewer suppliers at a time.`;
  const wait = Math.max(...refusals.map((r) => r.waitSeconds));
  return `Your company has reached its limit of ${names}${reduced}. Nothing was sent: try again in ${waitText(wait)}.`;
}
