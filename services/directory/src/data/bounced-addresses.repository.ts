import { sql, type Kysely } from 'kysely';
import type { EmailStatus } from '@mfd/contracts';
import type { DirectoryDB } from './db';

/**
 * Flags a company's address after a hard bounce. A bounce delivered again, or one older than the
 * bounce on record, changes nothing but keeps the later of the two.
 */
export async function flagBouncedAddress(
  db: Kysely<DirectoryDB>,
  tenantId: string,
  bounce: { email: string; status: string; diagnostic: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('bounced_addresses')
    .values({
      tenant_id: tenantId,
      email: bounce.email.toLowerCase(),
      status: bounce.status,
      diagnostic: bounce.diagnostic,
      bounced_at: bounce.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'email'])
        .doUpdateSet({
          status: (eb) => eb.ref('excluded.status'),
          diagnostic: (eb) => eb.ref('excluded.diagnostic'),
          bounced_at: (eb) => eb.ref('excluded.bounced_at'),
        })
        .where('bounced_addresses.bounced_at', '<', (eb) => eb.ref('excluded.bounced_at')),
    )
    .execute();
}

/** How each of these addresses of the company fares: `email_status` and `email_bounced_at` for a view. */
export async function addressStates(db: Kysely<DirectoryDB>, tenantId: string, emails: string[]) {
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  const rows =
    lower.length === 0
      ? []
      : await db
          .selectFrom('bounced_addresses')
          .select(['email', 'bounced_at'])
          .where('tenant_id', '=', tenantId)
          .where('email', '=', sql<string>`any(${lower}::text[])`)
          .execute();
  const bounced = new Map(rows.map((r) => [r.email, r.bounced_at]));
  return (email: string): { email_status: EmailStatus; email_bounced_at: string | null } => {
    const at = bounced.get(email.toLowerCase());
    return at
      ? { email_status: 'bounced', email_bounced_at: at.toISOString() }
      : { email_status: 'ok', email_bounced_at: null };
  };
}
