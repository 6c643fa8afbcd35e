import { describe, expect, it } from 'vitest';
import { bounceError, isAddressFailure, readDeliveryStatus, readTextBounce } from './delivery-report';

const report = (recipientFields: string) =>
  `Reporting-MTA: dns; mx.receiver.example\r\nArrival-Date: Mon, 3 Mar 2025 10:00:00 +0000\r\n\r\n${recipientFields}`;

describe('delivery status notifications (RFC 3464)', () => {
  it('when a recipient failed, then its status, the server answer and the address are read', () => {
    const bounce = readDeliveryStatus(
      report(
        'Final-Recipient: rfc822; nobody@receiver.example\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 user unknown\r\n',
      ),
    );
    expect(bounce).toEqual({
      status: '5.1.1',
      reply: '550',
      diagnostic: '550 5.1.1 user unknown',
      recipient: 'nobody@receiver.example',
    });
    expect(bounceError(bounce!)).toBe('550 5.1.1 user unknown');
  });

  it('when the diagnostic is folded over lines and the status has a comment, then both read as one', () => {
    const bounce = readDeliveryStatus(
      report(
        'Final-Recipient: rfc822;nobody@receiver.example\nAction: failed\nStatus: 5.2.1 (mailbox disabled)\nDiagnostic-Code: smtp; 550-5.2.1 The email account that you tried to reach is\n    disabled.\n',
      ),
    );
    expect(bounce?.status).toBe('5.2.1');
    expect(bounce?.diagnostic).toBe('550-5.2.1 The email account that you tried to reach is disabled.');
  });

  it('when the report only says the mail is delayed, then it is no bounce', () => {
    expect(
      readDeliveryStatus(
        report('Final-Recipient: rfc822; slow@receiver.example\nAction: delayed\nStatus: 4.4.1\n'),
      ),
    ).toBeNull();
  });

  it('when a report has a delayed and a failed recipient, then the failed one is read', () => {
    const bounce = readDeliveryStatus(
      report(
        'Final-Recipient: rfc822; a@receiver.example\nAction: delayed\nStatus: 4.4.1\n\nFinal-Recipient: rfc822; b@receiver.example\nAction: failed\nStatus: 5.4.4\n',
      ),
    );
    expect(bounce).toMatchObject({ status: '5.4.4', recipient: 'b@receiver.example', diagnostic: null });
    expect(bounceError(bounce!)).toBe('5.4.4');
  });
});

describe('bounces in plain text', () => {
  it('when a Postfix-style text names the answer, then its codes and the line from the code on are read', () => {
    const bounce = readTextBounce(
      "I'm sorry to have to inform you that your message could not be delivered.\n\n<nobody@receiver.example>: host mx.receiver.example said: 550 5.1.1\n    <nobody@receiver.example>: Recipient address rejected: User unknown\n",
    );
    expect(bounce).toMatchObject({ status: '5.1.1', reply: '550', diagnostic: '550 5.1.1' });
  });

  it('when a qmail text gives only (#5.1.1), then the enhanced code is read with its line', () => {
    expect(readTextBounce('Sorry, no mailbox here by that name. (#5.1.1)\n')).toMatchObject({
      status: '5.1.1',
      reply: null,
      diagnostic: 'Sorry, no mailbox here by that name. (#5.1.1)',
    });
  });

  it('when only a basic 550 is given, then the status is its class', () => {
    expect(
      readTextBounce('SMTP error from remote mail server after RCPT TO:<x@y.example>: 550 No such user here'),
    ).toMatchObject({
      status: '5.0.0',
      reply: '550',
      diagnostic: '550 No such user here',
    });
  });

  it('when the text only warns of a delay (4xx) or has no code, then it is no bounce', () => {
    expect(readTextBounce('host said: 451 4.7.1 Greylisted, try again later')).toBeNull();
    expect(readTextBounce('Thank you, we can do 598 for VLSFO and 550 for MGO.')).toBeNull();
  });
});

describe('hard bounces: the address does not work', () => {
  it.each([
    [{ status: '5.1.1', reply: '550' }, true],
    [{ status: '5.1.10', reply: null }, true],
    [{ status: '5.2.1', reply: '550' }, true],
    [{ status: '5.0.0', reply: '550' }, true],
    [{ status: '5.0.0', reply: '553' }, true],
    [{ status: '5.7.1', reply: '550' }, false],
    [{ status: '5.2.2', reply: '552' }, false],
    [{ status: '5.0.0', reply: '554' }, false],
    [{ status: '5.0.0', reply: null }, false],
    [{ status: '4.4.7', reply: null }, false],
  ])('when the bounce is %o, then the address is flagged: %s', (bounce, flagged) => {
    expect(isAddressFailure(bounce)).toBe(flagged);
  });
});
