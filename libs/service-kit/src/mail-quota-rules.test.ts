import { describe, expect, it } from 'vitest';
import { companyQuotas, quotaRefusalDetail, waitText } from './mail-quota-rules';

const settings = { MAIL_QUOTA_NEW_RECIPIENTS_PER_DAY: 500, MAIL_QUOTA_MAILS_PER_HOUR: 1000 };
const DAY = 24 * 3_600_000;
const now = new Date('2030-06-10T12:00:00Z');

describe('a company’s supplier mail quotas', () => {
  it('when the company is 7 days old or more, then it has the quotas as set', () => {
    expect(companyQuotas(settings, new Date(now.getTime() - 7 * DAY), now)).toEqual({
      limits: { recipients_per_day: 500, mails_per_hour: 1000 },
      reduced: false,
    });
  });

  it('when the company is in its first 7 days, then it has a fifth of each, never below one', () => {
    expect(companyQuotas(settings, new Date(now.getTime() - 7 * DAY + 1), now)).toEqual({
      limits: { recipients_per_day: 100, mails_per_hour: 200 },
      reduced: true,
    });
    expect(
      companyQuotas({ MAIL_QUOTA_NEW_RECIPIENTS_PER_DAY: 3, MAIL_QUOTA_MAILS_PER_HOUR: 7 }, now, now).limits,
    ).toEqual({ recipients_per_day: 1, mails_per_hour: 1 });
  });

  it('when a wait is told, then it is rounded up to minutes below two hours and to hours above', () => {
    expect(waitText(1)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(7140)).toBe('119 minutes');
    expect(waitText(7199)).toBe('2 hours');
    expect(waitText(3 * 3600 - 5)).toBe('3 hours');
  });

  it('when a limit is reached, then the detail names it (and a new company’s fifth) and when to try again', () => {
    const quotas = companyQuotas(settings, now, now);
    expect(
      quotaRefusalDetail([{ limit: 'recipients_per_day', waitSeconds: 9000, tooLarge: false }], quotas),
    ).toBe(
      'Your company has reached its limit of 100 recipient addresses per 24 hours (a fifth of the usual in its first 7 days). Nothing was sent: try again in 3 hours.',
    );
    expect(
      quotaRefusalDetail(
        [
          { limit: 'recipients_per_day', waitSeconds: 60, tooLarge: false },
          { limit: 'mails_per_hour', waitSeconds: 600, tooLarge: false },
        ],
        companyQuotas(settings, new Date(0), now),
      ),
    ).toBe(
      'Your company has reached its limit of 500 recipient addresses per 24 hours and 1000 supplier mails per hour. Nothing was sent: try again in 10 minutes.',
    );
  });

  it('when the request alone is over a limit, then the detail says to send to fewer at a time', () => {
    expect(
      quotaRefusalDetail(
        [{ limit: 'mails_per_hour', waitSeconds: 3600, tooLarge: true }],
        companyQuotas(settings, new Date(0), now),
      ),
    ).toBe(
      'This is more than your company’s limit of 1000 supplier mails per hour allows at once. Nothing was sent: send to fewer suppliers at a time.',
    );
  });
});
