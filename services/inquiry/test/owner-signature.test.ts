import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import type { MailerHarness } from '../../mailer/test/harness';
import { companyAdmin, joinedMember, type Member } from '../../identity/test/team-fixtures';
import { createSupplier, distribute, portOf } from './distribution-fixtures';
import { startRfqWithMailer } from './harness';
import { createInquiry, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfqWithMailer>>;

/** A member as the inquiry service's callers are: the token and the ids it carries. */
const caller = (m: Member): Caller & { email: string } => {
  const claims = JSON.parse(Buffer.from(m.token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    tid: string;
  };
  return { token: m.token, userId: claims.sub, tenantId: claims.tid, email: m.email };
};

/** The RFQ stack with a mailer on its Redis prefix: supplier mails go the whole way to the SMTP sink. */
describe('supplier mails sign with the inquiry owner’s signature, whoever sends them', () => {
  let s: Stack;
  let mailer: MailerHarness;
  beforeAll(async () => {
    s = await startRfqWithMailer();
    mailer = s.mailer;
  });
  afterAll(() => s.close());

  it('when the admin sends a trader’s inquiry, then the suppliers’ mail carries the trader’s signature and name; handed to the admin, the cancel notice carries the admin’s', async () => {
    const admin = caller(await companyAdmin(s.identity));
    const trader = caller(await joinedMember(s.identity, admin));
    const signature = await s.identity.app.inject({
      method: 'PUT',
      url: '/api/profile/signature',
      headers: bearer(trader),
      payload: { full_name: 'Tom Hansen', title: 'Senior Bunker Trader', phone: '+45 1234 5678' },
    });
    expect(signature.statusCode, signature.body).toBe(200);
    const sgsin = await portOf(s, admin);
    const lion = await createSupplier(s, admin, 'Lion City Bunkering', { portIds: [sgsin] });
    const { id } = await createInquiry(s, trader);

    const sent = await distribute(s, admin, id, { recipients: [{ supplier_id: lion.id }] });
    expect(sent.statusCode, sent.body).toBe(200);
    const invitation = await mailer.sink.waitFor((m) => m.to.includes(lion.email));
    expect(JSON.stringify(invitation.headers.get('from'))).toContain(
      'Tom Hansen (Nordic Bunkers) via Marine Fuel Distribution',
    );
    expect(invitation.text).toContain('Senior Bunker Trader');
    expect(invitation.text).toContain('+45 1234 5678');
    expect(invitation.text).not.toContain('Anna Berg');
    expect(JSON.stringify(invitation.headers.get('reply-to'))).toContain(trader.email);

    const handed = await s.inquiry.app.inject({
      method: 'PUT',
      url: `/api/inquiries/${id}/owner`,
      headers: bearer(trader),
      payload: { user_id: admin.userId },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    const cancelled = await s.inquiry.app.inject({
      method: 'POST',
      url: `/api/inquiries/${id}/cancel`,
      headers: bearer(trader),
      payload: { reason: 'Vessel rerouted' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notice = await mailer.sink.waitFor((m) => m.to.includes(lion.email) && m !== invitation);
    expect(JSON.stringify(notice.headers.get('from'))).toContain(
      'Anna Berg (Nordic Bunkers) via Marine Fuel Distribution',
    );
    expect(notice.text).toContain('Anna Berg');
    expect(notice.text).not.toContain('Senior Bunker Trader');
    expect(JSON.stringify(notice.headers.get('reply-to'))).toContain(admin.email);
  });
});
