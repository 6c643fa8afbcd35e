import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { isDkimAligned, isReservedDomain, mailFromDomain, sendingSetupProblems } from './sending-domain';

const signed = {
  production: true,
  mailFrom: 'Marine Fuel Distribution <no-reply@mail.marinefuel.com>',
  dkimDomain: 'mail.marinefuel.com',
  dkimSelector: 'mfd2026',
  dkimKey: true,
  dkimAtRelay: false,
  localCatcher: false,
};

describe('the sending domain', () => {
  it('when MAIL_FROM is read, then its domain is the address part after the @, lower case', () => {
    expect(mailFromDomain('Marine Fuel <No-Reply@Mail.MarineFuel.com>')).toBe('mail.marinefuel.com');
    expect(mailFromDomain('no-reply@marinefuel.com')).toBe('marinefuel.com');
  });

  it('when a domain is reserved for tests, documentation or local networks, then it is recognised, subdomains too', () => {
    for (const domain of [
      'marinefuel.local',
      'localhost',
      'app.localhost',
      'mfd.test',
      'x.invalid',
      'marinefuel.example',
      'example.com',
      'mail.example.net',
      'EXAMPLE.ORG',
    ])
      expect(isReservedDomain(domain), domain).toBe(true);
    for (const domain of [
      'marinefuel.com',
      'example-bunkers.com',
      'notexample.com',
      'testing.io',
      'local.ly',
    ])
      expect(isReservedDomain(domain), domain).toBe(false);
  });

  it('when the signing domain is the From domain or a parent of it, then DMARC aligns; a sibling or child does not', () => {
    expect(isDkimAligned('mail.marinefuel.com', 'mail.marinefuel.com')).toBe(true);
    expect(isDkimAligned('mail.marinefuel.com', 'marinefuel.com')).toBe(true);
    expect(isDkimAligned('marinefuel.com', 'mail.marinefuel.com')).toBe(false);
    expect(isDkimAligned('mail.marinefuel.com', 'other.com')).toBe(false);
    expect(isDkimAligned('evilmarinefuel.com', 'marinefuel.com')).toBe(false);
  });
});

describe('what production refuses', () => {
  it('when production sends from a real domain with its DKIM key, then nothing is refused', () => {
    expect(sendingSetupProblems(signed)).toEqual([]);
  });

  it('when production sends from a reserved domain, then it is refused naming MAIL_FROM and what to set', () => {
    const problems = sendingSetupProblems({
      ...signed,
      mailFrom: 'MFD <no-reply@marinefuel.local>',
      dkimDomain: 'marinefuel.local',
    });
    expect(problems).toEqual([
      {
        setting: 'MAIL_FROM',
        message: expect.stringContaining("MAIL_FROM's domain marinefuel.local is reserved"),
      },
    ]);
    expect(problems[0]!.message).toContain('MAIL_LOCAL_CATCHER=true');
  });

  it('when production has no DKIM key, then it is refused unless the relay signs (DKIM_AT_RELAY)', () => {
    const unsigned = { ...signed, dkimDomain: undefined, dkimSelector: undefined, dkimKey: false };
    const [problem, ...rest] = sendingSetupProblems(unsigned);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      setting: 'DKIM_DOMAIN',
      message: expect.stringContaining('DKIM is not set up'),
    });
    expect(problem!.message).toContain('DKIM_AT_RELAY=true');
    expect(problem!.message).toContain('npm run dkim -- generate');
    expect(sendingSetupProblems({ ...unsigned, dkimAtRelay: true })).toEqual([]);
  });

  it('when the mailer only mails a local catcher, then neither production rule applies', () => {
    expect(
      sendingSetupProblems({
        ...signed,
        mailFrom: 'no-reply@marinefuel.local',
        dkimDomain: undefined,
        dkimSelector: undefined,
        dkimKey: false,
        localCatcher: true,
      }),
    ).toEqual([]);
  });

  it('when not in production, then a reserved domain and no DKIM are fine (npm start, tests)', () => {
    expect(
      sendingSetupProblems({
        ...signed,
        production: false,
        mailFrom: 'no-reply@marinefuel.local',
        dkimDomain: undefined,
        dkimSelector: undefined,
        dkimKey: false,
      }),
    ).toEqual([]);
  });

  it('when DKIM is half set up or signs for another domain, then it is refused in every environment', () => {
    expect(sendingSetupProblems({ ...signed, production: false, dkimKey: false })).toEqual([
      { setting: 'DKIM_PRIVATE_KEY', message: expect.stringContaining('DKIM_PRIVATE_KEY is missing') },
    ]);
    expect(sendingSetupProblems({ ...signed, production: false, dkimDomain: 'bunkers.com' })).toEqual([
      {
        setting: 'DKIM_DOMAIN',
        message: expect.stringContaining(
          "DKIM_DOMAIN bunkers.com is not MAIL_FROM's domain mail.marinefuel.com or a parent of it",
        ),
      },
    ]);
  });
});

describe('the mailer configuration', () => {
  it('when production starts on the default sender, then the start fails naming both rules and the settings', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(
      /MAIL_FROM: MAIL_FROM's domain marinefuel\.local is reserved[\s\S]*DKIM_DOMAIN: DKIM is not set up/,
    );
  });

  it('when compose hands on unset settings as empty strings, then they count as unset', () => {
    const config = readConfig({
      NODE_ENV: 'production',
      MAIL_LOCAL_CATCHER: 'true',
      DKIM_DOMAIN: '',
      DKIM_SELECTOR: '',
      DKIM_PRIVATE_KEY: '',
      DKIM_AT_RELAY: '',
      MAIL_FROM: '',
    });
    expect(config).toMatchObject({
      MAIL_LOCAL_CATCHER: true,
      DKIM_AT_RELAY: false,
      MAIL_FROM: 'Marine Fuel Distribution <no-reply@marinefuel.local>',
    });
    expect(config.DKIM_DOMAIN).toBeUndefined();
  });
});
