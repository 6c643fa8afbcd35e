import { MAILBOX_UNVERIFIED } from '@mfd/contracts';
import { useAuth } from './auth';

/**
 * Why mail to suppliers cannot be sent now, in the words the server's 403 uses, or null when it
 * can: the account's e-mail address is not confirmed yet.
 */
export function useSupplierMailBlock(): string | null {
  const { user } = useAuth();
  return user && !user.email_verified ? MAILBOX_UNVERIFIED : null;
}
