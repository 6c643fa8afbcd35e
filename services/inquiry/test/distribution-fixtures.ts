import { expect } from 'vitest';
import type { MailSendJob, MailTemplate } from '@mfd/contracts';
import { MailSecrets } from '@mfd/queue';
import { bearer, TEST_MAIL_SECRET_KEYS, type TestUser } from '@mfd/testing';
import type { startRfq } from './harness';

/** The parts of a started stack the fixtures use (the RFQ stack, or the gateway's). */
type Stack = Pick<Awaited<ReturnType<typeof startRfq>>, 'inquiry' | 'directory'>;

/** Opens sealed links as the mailer does: the tests hold the same keys. */
/** A signed-in user as the fixtures call the API for them. */
export type Caller = Pick<TestUser, 'token' | 'tenantId' | 'userId'>;

export const testSecrets = new MailSecrets(TEST_MAIL_SECRET_KEYS);

export interface TestSupplier {
  id: string;
  name: string;
  email: string;
  contacts: { id: string; name: string; email: string }[];
}

/** A supplier of the caller in the directory, covering the ports given (by id). */
export async function createSupplier(
  s: Stack,
  user: Caller,
  name: string,
  opts: {
    portIds?: string[];
    contacts?: { name: string; email: string }[];
    status?: 'active' | 'inactive';
    /** The default e-mail; `offers@<name>.example` when not given. */
    email?: string;
  } = {},
): Promise<TestSupplier> {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
  const res = await s.directory.app.inject({
    method: 'POST',
    url: '/api/suppliers',
    headers: bearer(user),
    payload: {
      trading_name: name,
      default_email: opts.email ?? `offers@${slug}.example`,
      contacts: opts.contacts ?? [],
      port_ids: opts.portIds ?? [],
      status: opts.status ?? 'active',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const view = await s.directory.app.inject({
    method: 'GET',
    url: `/api/suppliers/${res.json().id}`,
    headers: bearer(user),
  });
  const supplier = view.json() as { id: string; default_email: string; contacts: TestSupplier['contacts'] };
  return { id: supplier.id, name, email: supplier.default_email, contacts: supplier.contacts };
}

/** A port's id by UN/LOCODE, as the directory answers it to the caller. */
export async function portOf(s: Stack, user: Caller, unlocode = 'SGSIN'): Promise<string> {
  const res = await s.directory.app.inject({
    method: 'GET',
    url: `/api/ports/${unlocode}/lookup`,
    headers: bearer(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().port.id;
}

export function distribute(s: Stack, user: Caller, inquiryId: string, payload: object) {
  return s.inquiry.app.inject({
    method: 'POST',
    url: `/api/inquiries/${inquiryId}/distribute`,
    headers: bearer(user),
    payload,
  });
}

export function suggested(s: Stack, user: Caller, inquiryId: string, all = false) {
  return s.inquiry.app.inject({
    method: 'GET',
    url: `/api/inquiries/${inquiryId}/suggested-suppliers${all ? '?all=1' : ''}`,
    headers: bearer(user),
  });
}

export type MailOf<N extends MailTemplate['template']> = MailSendJob & {
  mail: Extract<MailTemplate, { template: N }>;
};

/** The inquiry service's mail jobs of one template, oldest first, as its outbox holds them. */
export async function mailJobs<N extends MailTemplate['template']>(s: Stack, template: N) {
  const rows = await s.inquiry.deps.database.db
    .selectFrom('outbox')
    .select(['id', 'payload', 'confirmed_at', 'created_at'])
    .where('queue', '=', 'mail.send')
    .orderBy('created_at')
    .execute();
  return rows
    .filter((r) => r.payload.type === 'mail.send' && r.payload.mail.template === template)
    .map((r) => ({
      id: r.id,
      confirmedAt: r.confirmed_at,
      createdAt: r.created_at,
      job: r.payload as MailOf<N>,
    }));
}

export function recipientRows(s: Stack, inquiryId: string) {
  return s.inquiry.deps.database.db
    .selectFrom('inquiry_recipients')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .orderBy('first_sent_at')
    .orderBy('email')
    .execute();
}

/** What the API cannot ask for is the passing of time: every address of the inquiry was last sent it `minutes` ago. */
export async function lastSentMinutesAgo(s: Stack, inquiryId: string, minutes: number): Promise<void> {
  await s.inquiry.deps.database.db
    .updateTable('inquiry_recipients')
    .set({ last_sent_at: new Date(Date.now() - minutes * 60_000) })
    .where('inquiry_id', '=', inquiryId)
    .execute();
}
