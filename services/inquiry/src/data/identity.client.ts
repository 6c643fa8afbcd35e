import { profileResponse } from '@mfd/contracts';
import { AppError, type ServiceClient } from '@mfd/service-kit';
import type { Sender } from '../domain/rfq/recipient-mail';

/** The caller as suppliers see the RFQ mails: read from identity with the caller's own token. */
export async function senderProfile(
  client: ServiceClient,
  auth: { token: string; requestId?: string },
): Promise<Sender> {
  const { profile } = await client.get('/api/profile', profileResponse, auth).catch((err: unknown) => {
    // A 404 here is the caller's profile, not the inquiry the route names: never answer it as one.
    if (err instanceof AppError && err.statusCode === 404)
      throw new AppError(
        502,
        'UPSTREAM_ERROR',
        'Your profile could not be read: the mails need it as sender',
      );
    throw err;
  });
  return {
    email: profile.email,
    name: profile.name,
    company: profile.company.name,
    signature: profile.email_signature,
  };
}
