import { readFileSync } from 'node:fs';
import { developmentKeyList, parseKeyList } from '@mfd/queue';
import type { MailerConfig } from './config';
import { MailRefs } from './domain/mail-refs';

const DEV_KEYS_FILE = 'mail-ref-keys';

/**
 * The keys that sign the refs of bounce and reply addresses, or null when the mailer takes neither
 * (no BOUNCE_DOMAIN, no REPLY_DOMAIN). Development makes one in KEYS_DIR, shared by the replicas
 * there; production must be given them, so every replica verifies what another signed.
 */
export function mailRefsFromConfig(
  config: Pick<
    MailerConfig,
    'NODE_ENV' | 'KEYS_DIR' | 'BOUNCE_DOMAIN' | 'REPLY_DOMAIN' | 'MAIL_REF_KEYS' | 'MAIL_REF_KEYS_FILE'
  >,
): MailRefs | null {
  if (!config.BOUNCE_DOMAIN && !config.REPLY_DOMAIN) return null;
  let text: string;
  if (config.MAIL_REF_KEYS) text = config.MAIL_REF_KEYS;
  else if (config.MAIL_REF_KEYS_FILE) text = readFileSync(config.MAIL_REF_KEYS_FILE, 'utf8').trim();
  else if (config.NODE_ENV === 'production')
    throw new Error(
      'MAIL_REF_KEYS or MAIL_REF_KEYS_FILE must be set in production when BOUNCE_DOMAIN or REPLY_DOMAIN is',
    );
  else text = developmentKeyList(config.KEYS_DIR, DEV_KEYS_FILE);
  const { keys, problems } = parseKeyList(text);
  if (problems.length > 0) throw new Error(`MAIL_REF_KEYS: ${problems.join('; ')}`);
  return new MailRefs(keys.values());
}
