import { companySettings, type SellingTerms } from '@mfd/contracts';
import { serviceUnavailable, type ServiceClient } from '@mfd/service-kit';

export const SETTINGS_UNREADABLE =
  'The company’s default selling terms could not be read: choose the selling terms, or try again in a few minutes.';

/**
 * The selling terms a new customer of the caller's company starts with, read from identity with
 * the caller's own token. Identity away (or answering anything but the settings): 503 and
 * nothing written, rather than a customer on terms the company may not sell on.
 */
export async function defaultSellingTerms(
  client: ServiceClient,
  auth: { token: string; requestId?: string },
): Promise<SellingTerms> {
  try {
    return (await client.get('/api/company/settings', companySettings, auth)).default_selling_terms;
  } catch {
    throw serviceUnavailable(SETTINGS_UNREADABLE);
  }
}
