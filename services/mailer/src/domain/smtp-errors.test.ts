import { describe, expect, it } from 'vitest';
import { describeSmtpFailure, isPermanentSmtpFailure, mayHaveBeenDelivered } from './smtp-errors';

describe('SMTP failure classification', () => {
  it('when the server answers 5xx, then the failure is permanent', () => {
    expect(isPermanentSmtpFailure({ responseCode: 550, message: 'Mailbox unavailable' })).toBe(true);
    expect(isPermanentSmtpFailure({ responseCode: 554 })).toBe(true);
  });

  it('when the server answers 4xx or the connection fails, then the failure is temporary', () => {
    expect(isPermanentSmtpFailure({ responseCode: 451, message: 'Try again later' })).toBe(false);
    expect(isPermanentSmtpFailure({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' })).toBe(false);
    expect(isPermanentSmtpFailure(new Error('timeout'))).toBe(false);
    expect(isPermanentSmtpFailure(null)).toBe(false);
  });

  it('when a failure is described, then it is one line with the reply code', () => {
    expect(describeSmtpFailure({ responseCode: 451, message: 'Try again later\nmore transcript' })).toBe(
      '451 Try again later',
    );
    expect(describeSmtpFailure({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' })).toBe(
      'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:1',
    );
  });

  it('when the connection drops or times out with no reply, then the mail may have been delivered; a refusal or a reply says it was not', () => {
    expect(mayHaveBeenDelivered({ code: 'ETIMEDOUT', message: 'Timeout' })).toBe(true);
    expect(mayHaveBeenDelivered({ code: 'ECONNECTION', message: 'Connection closed unexpectedly' })).toBe(
      true,
    );
    expect(mayHaveBeenDelivered({ code: 'ETIMEDOUT', message: 'Connection timeout' })).toBe(false);
    expect(mayHaveBeenDelivered({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:1' })).toBe(
      false,
    );
    expect(mayHaveBeenDelivered({ responseCode: 451, code: 'EMESSAGE', message: 'Try again later' })).toBe(
      false,
    );
  });
});
