import type { GatewayConfig } from './config';

export type UpstreamName = 'identity' | 'directory' | 'inquiry';

/** Which service owns which /api prefix (DESIGN.md). Paths reach the service unchanged. */
export const ROUTES: ReadonlyArray<{ prefix: string; upstream: UpstreamName; public?: boolean }> = [
  { prefix: '/api/auth', upstream: 'identity' },
  { prefix: '/api/profile', upstream: 'identity' },
  // The company as a team: members, invitations, settings.
  { prefix: '/api/company', upstream: 'identity' },
  { prefix: '/api/customers', upstream: 'directory' },
  { prefix: '/api/companies', upstream: 'directory' },
  { prefix: '/api/suppliers', upstream: 'directory' },
  { prefix: '/api/ports', upstream: 'directory' },
  { prefix: '/api/products', upstream: 'directory' },
  { prefix: '/api/vessels', upstream: 'directory' },
  { prefix: '/api/admin', upstream: 'directory' },
  { prefix: '/api/inquiries', upstream: 'inquiry' },
  { prefix: '/api/offers', upstream: 'inquiry' },
  { prefix: '/api/dashboard', upstream: 'inquiry' },
  { prefix: '/api/notifications', upstream: 'inquiry' },
  { prefix: '/api/insights', upstream: 'inquiry' },
  { prefix: '/api/stems', upstream: 'inquiry' },
  { prefix: '/api/clauses', upstream: 'inquiry' },
  { prefix: '/api/claims', upstream: 'inquiry' },
  // Suppliers open their offer page from a mailed link, without an account.
  { prefix: '/api/public/offers', upstream: 'inquiry', public: true },
  // A colleague opens an invitation from its mailed link, before having an account.
  { prefix: '/api/public/invitations', upstream: 'identity', public: true },
];

export function upstreamUrls(config: GatewayConfig): Record<UpstreamName | 'mailer', string> {
  return {
    identity: config.IDENTITY_URL,
    directory: config.DIRECTORY_URL,
    inquiry: config.INQUIRY_URL,
    mailer: config.MAILER_URL,
  };
}
