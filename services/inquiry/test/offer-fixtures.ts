import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bearer, type TestUser } from '@mfd/testing';
import {
  createSupplier as createDirectorySupplier,
  distribute,
  lastSentMinutesAgo,
  mailJobs,
  testSecrets,
  type Caller,
  type TestSupplier,
} from './distribution-fixtures';

export type { Caller } from './distribution-fixtures';
import type { startRfq } from './harness';
import { createCustomer, newInquiry, portId } from './inquiry-fixtures';

/** The parts of a started stack the fixtures use (the RFQ stack, or the gateway's). */
type Stack = Pick<Awaited<ReturnType<typeof startRfq>>, 'inquiry' | 'directory'>;

const HOUR = 3_600_000;

/** An inquiry of the caller (two lines: VLSFO 500–600.5 MT, MGO 50–80 MT) with its line ids in order. */
export async function createInquiry(s: Stack, user: Caller, extra: object = {}) {
  // The inquiry fixtures read only the directory of the stack they are given.
  const stack = s as Parameters<typeof createCustomer>[0];
  const customerId = await createCustomer(stack, user as TestUser);
  const sgsin = await portId(stack, user as TestUser);
  const res = await s.inquiry.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: bearer(user),
    payload: newInquiry(customerId, sgsin, extra),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id: string = res.json().id;
  const detail = await s.inquiry.app.inject({
    method: 'GET',
    url: `/api/inquiries/${id}`,
    headers: bearer(user),
  });
  return { id, lineIds: (detail.json().products as { id: string }[]).map((p) => p.id) };
}

export interface SeededLink {
  token: string;
  recipientId: string;
  supplierId: string;
  supplierName: string;
  email: string;
}

/** A supplier of the caller's directory as distribute reads it: its name and addresses. */
async function directorySupplier(s: Stack, user: Caller, id: string): Promise<TestSupplier> {
  const res = await s.directory.app.inject({
    method: 'GET',
    url: `/api/suppliers/${id}`,
    headers: bearer(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  const view = res.json() as {
    trading_name: string;
    default_email: string;
    contacts: TestSupplier['contacts'];
  };
  return { id, name: view.trading_name, email: view.default_email, contacts: view.contacts };
}

/**
 * A recipient with a personal link, sent the way a trader sends it: a supplier of the caller's
 * directory (a new one, or `supplierId`'s at its default address or the contact holding `email`)
 * gets the inquiry through the real distribute, and the token is opened from its invitation mail
 * as the supplier's mailbox would receive it.
 */
export async function seedLink(
  s: Stack,
  user: Caller,
  inquiryId: string,
  opts: {
    supplierId?: string;
    supplierName?: string;
    email?: string;
    replyBy?: Date;
    firstSentAt?: Date;
  } = {},
): Promise<SeededLink> {
  const db = s.inquiry.deps.database.db;
  const unique = randomUUID().slice(0, 8);
  const supplier = opts.supplierId
    ? await directorySupplier(s, user, opts.supplierId)
    : await createDirectorySupplier(s, user, opts.supplierName ?? `Supplier ${unique}`, {
        email: opts.email ?? `offers-${unique}@supplier.example`,
      });
  // The address as the directory spells it: the default one, or the contact holding `email`.
  const wanted = (opts.email ?? supplier.email).toLowerCase();
  const contact = supplier.contacts.find((c) => c.email.toLowerCase() === wanted);
  const onDefault = wanted === supplier.email.toLowerCase();
  if (!onDefault && !contact) throw new Error(`${wanted} is no address of ${supplier.name} in the directory`);
  const email = onDefault ? supplier.email : contact!.email;

  const hadIt = await db
    .selectFrom('inquiry_recipients')
    .select('id')
    .where('inquiry_id', '=', inquiryId)
    .where('supplier_id', '=', supplier.id)
    .executeTakeFirst();
  // Distribute refuses a reply-by in the past: that one is reached by time passing, below.
  const replyBy = opts.replyBy && opts.replyBy.getTime() > Date.now() ? opts.replyBy : undefined;
  // A resend within 15 minutes of the last mail is skipped: the fixture's mails are that long ago.
  if (hadIt) await lastSentMinutesAgo(s, inquiryId, 15);
  const sent = await distribute(s, user, inquiryId, {
    recipients: [{ supplier_id: supplier.id, contact_id: onDefault ? null : contact!.id }],
    ...(replyBy ? { reply_by: replyBy.toISOString() } : {}),
    ...(hadIt ? { resend: true } : {}),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json().distributed_count, sent.body).toBe(1);

  const recipient = await db
    .selectFrom('inquiry_recipients')
    .select('id')
    .where('inquiry_id', '=', inquiryId)
    .where('supplier_id', '=', supplier.id)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const invitation = (await mailJobs(s, 'rfq-invitation'))
    .filter((m) => m.job.reference === recipient.id)
    .at(-1);
  if (!invitation) throw new Error(`no invitation mail for recipient ${recipient.id}`);
  const token = testSecrets.open(invitation.job.mail.data.token, email);

  // What the API cannot ask for is the passing of time since the inquiry went out.
  if (opts.replyBy && !replyBy)
    await db
      .updateTable('inquiry_recipients')
      .set({ reply_by: opts.replyBy })
      .where('id', '=', recipient.id)
      .execute();
  if (opts.firstSentAt)
    await db
      .updateTable('inquiry_recipients')
      .set({ first_sent_at: opts.firstSentAt, last_sent_at: opts.firstSentAt })
      .where('id', '=', recipient.id)
      .execute();
  return { token, recipientId: recipient.id, supplierId: supplier.id, supplierName: supplier.name, email };
}

/**
 * The link of the newest mail that carried the recipient one (an invitation or an amendment), as
 * its mailbox would read it: every earlier link is superseded by it.
 */
export async function latestLinkToken(s: Stack, link: Pick<SeededLink, 'recipientId' | 'email'>) {
  const mails = [...(await mailJobs(s, 'rfq-invitation')), ...(await mailJobs(s, 'rfq-amendment'))]
    .filter((m) => m.job.reference === link.recipientId)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const latest = mails.at(-1);
  if (!latest) throw new Error(`no mail with a link for recipient ${link.recipientId}`);
  return testSecrets.open(latest.job.mail.data.token, link.email);
}

/** A valid offer for the given lines, a week's validity; fields overridable. */
export function offerBody(
  lineIds: string[],
  prices: (string | number)[] = ['612.50', '845'],
  extra: object = {},
) {
  return {
    lines: lineIds.map((id, i) => ({
      product_line_id: id,
      price_per_mt: prices[i] ?? '700',
      min_deliverable: '50',
      max_deliverable: '700',
      delivery_method: 'barge',
    })),
    barging_charges: '1200',
    other_charges: 0,
    payment_terms: '30 days from delivery',
    valid_until: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
    remarks: 'Subject to availability at time of nomination.',
    ...extra,
  };
}

export function publicGet(s: Stack, token: string) {
  return s.inquiry.app.inject({ method: 'GET', url: `/api/public/offers/${token}` });
}

export function publicPost(s: Stack, token: string, payload: object) {
  return s.inquiry.app.inject({ method: 'POST', url: `/api/public/offers/${token}`, payload });
}

/**
 * A trader signed up through the real identity (its profile signs the mails), as the services see
 * it, with the e-mail address confirmed as its owner would (mail to suppliers needs it), unless
 * `verified: false`.
 */
export async function signUpTrader(
  identity: {
    signUp(o?: object): Promise<{ access_token: string; email: string }>;
    verify(email: string): Promise<void>;
  },
  overrides: object = {},
  options: { verified?: boolean } = {},
): Promise<Caller & { email: string }> {
  const auth = await identity.signUp(overrides);
  if (options.verified !== false) await identity.verify(auth.email);
  const claims = JSON.parse(Buffer.from(auth.access_token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    tid: string;
  };
  return { token: auth.access_token, userId: claims.sub, tenantId: claims.tid, email: auth.email };
}

/** A supplier of the caller's directory. */
export async function createSupplier(
  s: Stack,
  user: Caller,
  tradingName: string,
  email = `sales@${tradingName.toLowerCase().replace(/\W+/g, '-')}.example`,
): Promise<string> {
  const res = await s.directory.app.inject({
    method: 'POST',
    url: '/api/suppliers',
    headers: bearer(user),
    payload: { trading_name: tradingName, default_email: email },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
